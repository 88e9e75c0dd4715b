#pragma once

#include <QString>
#include <QStringView>

#include <optional>

namespace keyright {

// What a named access token may do (docs/API.md, "Roles"). Each role includes the ones below it:
// a viewer reads everything, an operator also frees seats (revoke, reap), an admin also manages
// licenses, their keys and the tokens. The server decides with roleAllows(); the dashboard and the
// CLI read the same names, so both sides spell a role once, here.
enum class AccessRole {
    Viewer,
    Operator,
    Admin,
};

// "viewer", "operator", "admin": the wire and display name.
QString roleName(AccessRole role);
std::optional<AccessRole> parseRole(QStringView name);
bool roleAllows(AccessRole held, AccessRole needed);

// A token's name (a person or a system): 1 to 64 of a-z, 0-9, '.', '_' and '-', starting with a
// letter or digit, so it can stand in a path segment and an audit line as it is.
bool isValidTokenName(QStringView name);
QString tokenNameRule(); // the same rule in words, for error messages

// How an admin action names the token that made it: "dana (operator)".
QString tokenActor(const QString &name, AccessRole role);

} // namespace keyright
