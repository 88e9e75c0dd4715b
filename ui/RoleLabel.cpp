#include "RoleLabel.h"

#include <QCoreApplication>

namespace keyright {

QString roleLabel(AccessRole role)
{
    switch (role) {
    case AccessRole::Viewer:
        return QCoreApplication::translate("RoleLabel", "viewer");
    case AccessRole::Operator:
        return QCoreApplication::translate("RoleLabel", "operator");
    case AccessRole::Admin:
        return QCoreApplication::translate("RoleLabel", "admin");
    }
    return roleName(role);
}

} // namespace keyright
