#pragma once

#include <QProcess>
#include <QString>
#include <QTemporaryDir>

#include <memory>

namespace keyright {

// A real OpenLDAP slapd for the LDAP tests, of this test's own: configured from a slapd.conf
// written here (mdb database, suffix dc=example,dc=org, a self-signed certificate made with
// openssl for StartTLS), loaded with slapadd, listening on 127.0.0.1 on a free port. Only the
// admin DN may read anything. Every wait is bounded; the destructor stops it.
//
// Without slapd, slapadd, ldapmodify or openssl, unavailableReason() says which is missing;
// KEYRIGHT_REQUIRE_LDAP_OR_SKIP turns that into a skip, or a failure when KEYRIGHT_REQUIRE_LDAP=1
// (scripts/run-tests sets it, and install-deps.sh installs slapd and ldap-utils).
class SlapdDirectory
{
public:
    static constexpr char adminDn[] = "cn=admin,dc=example,dc=org";
    static constexpr char adminPassword[] = "s3cret-for-tests";
    static constexpr char groupsDn[] = "ou=groups,dc=example,dc=org";

    SlapdDirectory();
    ~SlapdDirectory();
    SlapdDirectory(const SlapdDirectory &) = delete;
    SlapdDirectory &operator=(const SlapdDirectory &) = delete;

    static bool required();
    QString unavailableReason() const { return m_unavailable; }

    // Writes the configuration, the certificate and the entries (`ldif` after the base entries:
    // dc=example,dc=org and ou=groups), then starts slapd and waits until it accepts connections.
    bool start(const QString &ldif, QString *error);
    // Starts it again on the same port and database after stop().
    bool restart(QString *error);
    void stop();

    // ldapmodify as the admin, over the network.
    bool modify(const QString &ldif, QString *error);

    QString url() const;
    QString caFile() const; // the certificate slapd presents (self-signed, for 127.0.0.1)
    // A file of mode 0600 holding the admin password.
    QString passwordFile() const;
    QString path(const QString &name) const;

private:
    bool run(const QString &program, const QStringList &arguments, const QByteArray &input, QString *error);

    QString m_unavailable;
    QString m_slapd;
    QString m_slapadd;
    QString m_ldapmodify;
    QString m_openssl;
    QTemporaryDir m_dir;
    quint16 m_port = 0;
    std::unique_ptr<QProcess> m_process;
};

} // namespace keyright

#define KEYRIGHT_REQUIRE_LDAP_OR_SKIP(directory)                                                                       \
    do {                                                                                                               \
        if (!(directory).unavailableReason().isEmpty()) {                                                              \
            if (keyright::SlapdDirectory::required())                                                                  \
                QFAIL(qPrintable(QStringLiteral("slapd required (KEYRIGHT_REQUIRE_LDAP=1) but ")                       \
                                 + (directory).unavailableReason()));                                                  \
            QSKIP(qPrintable((directory).unavailableReason()));                                                        \
        }                                                                                                              \
    } while (false)
