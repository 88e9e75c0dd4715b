#include "RoleLabel.h"

#include <QCoreApplication>

using namespace Qt::StringLiterals;

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

QString actorLabel(const QString &actor)
{
    const qsizetype open = actor.lastIndexOf(u" ("_s);
    if (open < 0 || !actor.endsWith(u')'))
        return actor;
    const auto role = parseRole(QStringView(actor).sliced(open + 2).chopped(1));
    if (!role)
        return actor;
    return actor.first(open + 2) + roleLabel(*role) + u')';
}

} // namespace keyright
