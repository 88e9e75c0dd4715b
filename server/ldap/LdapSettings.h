#pragma once

#include <QList>
#include <QString>

#include <chrono>

namespace keyright::server {

// One holder group whose members an LDAP directory names (the `ldap-group` setting): the values of
// `attribute` in the entries that `filter` finds under `baseDn` (whole subtree) are the user parts
// of its holders, each made the pattern `<value>@<hostPattern>`.
struct LdapGroupConfig
{
    QString name;
    QString baseDn;
    QString filter;
    QString attribute;
    QString hostPattern;

    friend bool operator==(const LdapGroupConfig &, const LdapGroupConfig &) = default;
};

// The directory the groups come from (docs/DEPLOYMENT.md, "Holder groups from LDAP"). Nothing is
// synchronised without a URL and at least one group.
struct LdapSettings
{
    QString url; // ldap://host:port or ldaps://host:port
    QString bindDn; // empty: an anonymous bind
    QString bindPasswordFile; // mode 0600; read at every bind, the bytes wiped after it
    bool startTls = false; // StartTLS on an ldap:// URL (required to succeed)
    QString caFile; // the authorities a TLS directory's certificate must chain to; empty: the system's
    std::chrono::milliseconds syncInterval {std::chrono::minutes {5}};
    std::chrono::milliseconds timeout {std::chrono::seconds {10}}; // each network operation
    QList<LdapGroupConfig> groups;

    bool enabled() const { return !url.isEmpty() && !groups.isEmpty(); }
};

} // namespace keyright::server
