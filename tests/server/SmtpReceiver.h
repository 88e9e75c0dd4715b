#pragma once

// A real SMTP server for the mail tests (tst_smtpmailer, tst_alertmail): Debian's python3-aiosmtpd
// run by tests/support/smtp_receiver.py on 127.0.0.1. Every wait is bounded.

#include <QJsonObject>
#include <QList>
#include <QProcess>
#include <QString>
#include <QTemporaryDir>

namespace smtptest {

// The one user the receiver's AUTH accepts.
inline constexpr char user[] = "keyright";
inline constexpr char password[] = "p4ss-for-tests";

// One smtp_receiver.py process: started by start(), stopped (its standard input closed, then
// terminated if need be) by the destructor.
class SmtpReceiver
{
public:
    struct Options
    {
        QString certificate; // with the key: STARTTLS offered and required; without: no TLS at all
        QString key;
        bool authentication = true; // AUTH required, accepting user/password only
        QString refuseDomain; // recipients there get 550
        bool implicitTls = false; // with the certificate: TLS from the first byte (smtps://)
    };

    SmtpReceiver();
    ~SmtpReceiver();
    SmtpReceiver(const SmtpReceiver &) = delete;
    SmtpReceiver &operator=(const SmtpReceiver &) = delete;

    static bool required();
    QString unavailableReason() const { return m_unavailable; }

    bool start(const Options &options, QString *error);
    quint16 port() const { return m_port; }
    // While failing, every message is refused at DATA with 451 (a temporary failure) and not kept.
    bool setFailing(bool failing);

    // The mails it accepted, in order.
    QList<QJsonObject> messages() const;

private:
    QString failFile() const;

    QString m_python;
    QString m_unavailable;
    QTemporaryDir m_dir;
    QProcess m_process;
    quint16 m_port = 0;
};

} // namespace smtptest

#define KEYRIGHT_REQUIRE_SMTP_OR_SKIP(receiver)                                                                        \
    do {                                                                                                               \
        if (!(receiver).unavailableReason().isEmpty()) {                                                               \
            if (smtptest::SmtpReceiver::required())                                                                    \
                QFAIL(qPrintable(u"python3-aiosmtpd required (KEYRIGHT_REQUIRE_SMTP=1) but "_s                         \
                                 + (receiver).unavailableReason()));                                                   \
            QSKIP(qPrintable((receiver).unavailableReason()));                                                         \
        }                                                                                                              \
    } while (false)
