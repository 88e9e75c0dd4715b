#include "ldap/LdapDirectory.h"

#include "SecretBuffer.h"

#include <ldap.h>
#include <memory>
#include <optional>
#include <sys/time.h>

using namespace Qt::StringLiterals;

namespace keyright::server {

namespace {

struct LdapUnbinder
{
    void operator()(LDAP *ld) const { ldap_unbind_ext_s(ld, nullptr, nullptr); }
};
using LdapHandle = std::unique_ptr<LDAP, LdapUnbinder>;

struct MessageFree
{
    void operator()(LDAPMessage *message) const { ldap_msgfree(message); }
};

// libldap's words for a result code, with the server's diagnostic message when it gave one.
QString describe(LDAP *ld, int code)
{
    QString text = QString::fromUtf8(ldap_err2string(code));
    char *diagnostic = nullptr;
    if (ld && ldap_get_option(ld, LDAP_OPT_DIAGNOSTIC_MESSAGE, &diagnostic) == LDAP_OPT_SUCCESS && diagnostic) {
        const QString detail = QString::fromUtf8(diagnostic).trimmed();
        // libldap's placeholder says nothing more than the code's own words.
        if (!detail.isEmpty() && detail != u"(unknown error code)"_s)
            text += u" ("_s + detail + u')';
        ldap_memfree(diagnostic);
    }
    return text;
}

timeval toTimeval(std::chrono::milliseconds duration)
{
    timeval tv {};
    tv.tv_sec = static_cast<time_t>(duration.count() / 1000);
    tv.tv_usec = static_cast<suseconds_t>((duration.count() % 1000) * 1000);
    return tv;
}

// Opens and configures a handle; nothing is sent yet. Empty handle with `why` on failure.
LdapHandle open(const LdapSettings &settings, QString *why)
{
    LDAP *raw = nullptr;
    const QByteArray url = settings.url.toUtf8();
    int rc = ldap_initialize(&raw, url.constData());
    LdapHandle ld(raw);
    if (rc != LDAP_SUCCESS || !ld) {
        *why = u"the LDAP URL %1 cannot be used: %2"_s.arg(settings.url, QString::fromUtf8(ldap_err2string(rc)));
        return {};
    }
    const int version = LDAP_VERSION3;
    const timeval limit = toTimeval(settings.timeout);
    const int demand = LDAP_OPT_X_TLS_DEMAND;
    const QByteArray caFile = settings.caFile.toUtf8();
    const int serverContext = 0;
    bool ok = ldap_set_option(ld.get(), LDAP_OPT_PROTOCOL_VERSION, &version) == LDAP_OPT_SUCCESS
        && ldap_set_option(ld.get(), LDAP_OPT_REFERRALS, LDAP_OPT_OFF) == LDAP_OPT_SUCCESS
        && ldap_set_option(ld.get(), LDAP_OPT_NETWORK_TIMEOUT, &limit) == LDAP_OPT_SUCCESS
        && ldap_set_option(ld.get(), LDAP_OPT_TIMEOUT, &limit) == LDAP_OPT_SUCCESS
        && ldap_set_option(ld.get(), LDAP_OPT_X_TLS_REQUIRE_CERT, &demand) == LDAP_OPT_SUCCESS;
    if (ok && !settings.caFile.isEmpty())
        ok = ldap_set_option(ld.get(), LDAP_OPT_X_TLS_CACERTFILE, caFile.constData()) == LDAP_OPT_SUCCESS;
    // A TLS context of this handle's own, so that its CA file and checks are the ones set above.
    if (ok)
        ok = ldap_set_option(ld.get(), LDAP_OPT_X_TLS_NEWCTX, &serverContext) == LDAP_OPT_SUCCESS;
    if (!ok) {
        *why = u"libldap refused the connection options for %1 (check ldap-ca-file)"_s.arg(settings.url);
        return {};
    }
    return ld;
}

// The bind: anonymous without a bind DN, else simple with the password file's bytes.
bool bind(LDAP *ld, const LdapSettings &settings, QString *why)
{
    std::optional<SecretBuffer> password;
    if (!settings.bindPasswordFile.isEmpty()) {
        QString problem;
        password = readSecretFile(settings.bindPasswordFile, &problem);
        if (!password) {
            *why = u"ldap-bind-password-file: %1"_s.arg(problem);
            return false;
        }
    }
    berval credentials {};
    if (password) {
        credentials.bv_len = static_cast<ber_len_t>(password->size());
        credentials.bv_val = reinterpret_cast<char *>(password->data());
    }
    const QByteArray dn = settings.bindDn.toUtf8();
    const int rc = ldap_sasl_bind_s(ld, settings.bindDn.isEmpty() ? nullptr : dn.constData(), LDAP_SASL_SIMPLE,
                                    &credentials, nullptr, nullptr, nullptr);
    password.reset(); // wiped now, whatever the bind said
    if (rc != LDAP_SUCCESS) {
        *why = settings.bindDn.isEmpty()
            ? u"the anonymous bind to %1 failed: %2"_s.arg(settings.url, describe(ld, rc))
            : u"the bind to %1 as %2 failed: %3"_s.arg(settings.url, settings.bindDn, describe(ld, rc));
        return false;
    }
    return true;
}

// Every value of the group's attribute in the entries its filter finds, or nullopt with `why`.
std::optional<QStringList> search(LDAP *ld, const LdapSettings &settings, const LdapGroupConfig &group, QString *why)
{
    // Bounds what one answer may hold: far more than the patterns a group may have.
    constexpr int sizeLimit = 10000;
    const QByteArray base = group.baseDn.toUtf8();
    const QByteArray filter = group.filter.toUtf8();
    QByteArray attribute = group.attribute.toUtf8();
    char *attributes[] = {attribute.data(), nullptr};
    timeval limit = toTimeval(settings.timeout);
    LDAPMessage *raw = nullptr;
    const int rc = ldap_search_ext_s(ld, base.constData(), LDAP_SCOPE_SUBTREE, filter.constData(), attributes, 0,
                                     nullptr, nullptr, &limit, sizeLimit, &raw);
    const std::unique_ptr<LDAPMessage, MessageFree> result(raw);
    if (rc != LDAP_SUCCESS) {
        *why = u"the search under %1 for %2 failed: %3"_s.arg(group.baseDn, group.filter, describe(ld, rc));
        return std::nullopt;
    }
    QStringList values;
    for (LDAPMessage *entry = ldap_first_entry(ld, result.get()); entry; entry = ldap_next_entry(ld, entry)) {
        berval **found = ldap_get_values_len(ld, entry, attribute.constData());
        if (!found)
            continue;
        for (berval **value = found; *value; ++value)
            values.append(QString::fromUtf8((*value)->bv_val, qsizetype((*value)->bv_len)));
        ldap_value_free_len(found);
    }
    return values;
}

} // namespace

LdapFetch LdapDirectory::fetch(const LdapSettings &settings)
{
    LdapFetch fetch;
    const LdapHandle ld = open(settings, &fetch.error);
    if (!ld)
        return fetch;
    if (settings.startTls) {
        const int rc = ldap_start_tls_s(ld.get(), nullptr, nullptr);
        if (rc != LDAP_SUCCESS) {
            fetch.error = u"StartTLS with %1 failed: %2; check that its certificate names the host and chains to "
                          "ldap-ca-file (or the system's authorities)"_s.arg(settings.url, describe(ld.get(), rc));
            return fetch;
        }
    }
    if (!bind(ld.get(), settings, &fetch.error))
        return fetch;
    for (const LdapGroupConfig &group : settings.groups) {
        QString why;
        if (const auto values = search(ld.get(), settings, group, &why))
            fetch.values.insert(group.name, *values);
        else
            fetch.groupErrors.insert(group.name, why);
    }
    return fetch;
}

} // namespace keyright::server
