#include "wire/AccessRole.h"

using namespace Qt::StringLiterals;

namespace keyright {

QString roleName(AccessRole role)
{
    switch (role) {
    case AccessRole::Viewer:
        return u"viewer"_s;
    case AccessRole::Operator:
        return u"operator"_s;
    case AccessRole::Admin:
        return u"admin"_s;
    }
    return u"viewer"_s;
}

std::optional<AccessRole> parseRole(QStringView name)
{
    for (const AccessRole role : {AccessRole::Viewer, AccessRole::Operator, AccessRole::Admin}) {
        if (name == roleName(role))
            return role;
    }
    return std::nullopt;
}

bool roleAllows(AccessRole held, AccessRole needed)
{
    return int(held) >= int(needed);
}

bool isValidTokenName(QStringView name)
{
    if (name.isEmpty() || name.size() > 64)
        return false;
    const auto isAlnum = [](QChar c) { return (c >= u'a' && c <= u'z') || (c >= u'0' && c <= u'9'); };
    if (!isAlnum(name.front()))
        return false;
    for (const QChar c : name) {
        if (!isAlnum(c) && c != u'.' && c != u'_' && c != u'-')
            return false;
    }
    return true;
}

QString tokenNameRule()
{
    return u"1 to 64 of a-z, 0-9, '.', '_' and '-', starting with a letter or digit"_s;
}

QString tokenActor(const QString &name, AccessRole role)
{
    return u"%1 (%2)"_s.arg(name, roleName(role));
}

} // namespace keyright
