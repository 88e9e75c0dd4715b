#pragma once

#include "ldap/LdapSettings.h"

#include <QHash>
#include <QString>
#include <QStringList>

namespace keyright::server {

// What one round against the directory found: per group, the values of its attribute, or why its
// search failed. `error` is set when the round failed before any search (the connection, TLS, the
// bind, the password file): then no group has values.
struct LdapFetch
{
    QString error;
    QHash<QString, QStringList> values; // group name -> attribute values, in the directory's order
    QHash<QString, QString> groupErrors; // group name -> why its search failed
};

// The blocking side of LDAP, with OpenLDAP's libldap: connect (ldap:// or ldaps://), StartTLS when
// asked, a simple bind with the password file's bytes (wiped once the bind is done), one subtree
// search per group, unbind. Each network operation is bounded by the settings' timeout. Never
// called on the server's event loop: LdapGroupSync runs it on a worker thread.
class LdapDirectory
{
public:
    static LdapFetch fetch(const LdapSettings &settings);
};

} // namespace keyright::server
