#pragma once

#include "alerts/SmtpSettings.h"

#include <QByteArray>
#include <QDateTime>
#include <QFuture>
#include <QObject>
#include <QStringList>
#include <QThreadPool>

#include <atomic>
#include <memory>

namespace keyright {
class Clock;
} // namespace keyright

namespace keyright::server {

// One plain-text mail.
struct MailMessage
{
    QStringList to; // plain addresses, local@domain
    QString subject; // any Unicode; encoded as RFC 2047 words when it is not short printable ASCII
    QString body; // UTF-8 plain text; line ends may be \n or \r\n
};

// How a send went.
struct SmtpResult
{
    bool ok = false;
    int responseCode = 0; // the server's last reply code (250 when accepted; 0: no reply at all)
    // Empty when ok; otherwise one sentence for the operator naming the server and the problem
    // (connection refused, no STARTTLS, TLS failure, authentication refused, recipient refused,
    // timeout). It never holds the password.
    QString error;
    QString serverReply; // the server's last reply line, as it said it ("250 2.0.0 Ok: queued")
};

// Sends mail over SMTP with libcurl (Debian's libcurl4-openssl-dev): STARTTLS required on smtp://,
// TLS from the start on smtps://, the server's certificate checked against the system's or
// smtp-ca-file's authorities and the URL's host, AUTH with smtp-user and the password file.
// libcurl blocks, so every send runs on a worker thread of the mailer's own (two at most), and the
// event loop only ever waits for the QFuture's continuation: send(message).then(this, [](const
// SmtpResult &result) { ... }) runs on the caller's thread once the server answered or the
// timeout passed.
//
// The message is libcurl's MIME (curl_mime): the headers Date (from the injected clock),
// Message-ID, From, To, Subject and Auto-Submitted go in through CURLOPT_HTTPHEADER, the body is a
// text/plain; charset=UTF-8 part that libcurl encodes as quoted-printable. libcurl writes no
// header text of its own choosing for SMTP, so the Subject's RFC 2047 encoding (encodeSubject) and
// the date's format are done here.
class SmtpMailer final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SmtpMailer)

public:
    // libcurl's global initialisation (curl_global_init), which is not thread-safe: call it once at
    // the start of the process, before any thread, as keyright-server's main() does (and a test
    // that sends mail, in initTestCase).
    static void initialiseLibrary();

    SmtpMailer(SmtpSettings settings, const Clock &clock, QObject *parent = nullptr);
    // Aborts the sends in flight, fails those not started yet, and waits for their threads: libcurl
    // asks its progress callback at least once a second in every step (connecting, TLS, waiting
    // for a reply), and that callback ends the exchange once the mailer stops, so a server
    // stopping is held up about a second by a slow mail server, not smtp-timeout, and no thread
    // or pool outlives the mailer. An aborted send's future gives a failed SmtpResult ("the
    // mailer stopped"); a mail the server had already accepted may thus be sent again by the
    // next attempt (at least once).
    ~SmtpMailer() override;

    const SmtpSettings &settings() const { return m_settings; }

    // What the destructor does, earlier: fails the sends not started, aborts those in flight and
    // waits for them (about a second). Their futures then hold failed results; send() afterwards
    // fails at once.
    void stopSending();

    // Starts sending on a worker thread and returns at once. The Date header is the clock's "now"
    // at this call. (As with any QFuture, a continuation attached after the send finished runs at
    // once, in the attaching call.)
    QFuture<SmtpResult> send(const MailMessage &message);

    // The whole exchange on the calling thread: for the worker threads and for a command-line
    // tool (keyright-server --send-test-mail). Never call it on a server's event loop.
    static SmtpResult sendNow(const SmtpSettings &settings, const MailMessage &message, const QDateTime &date);
    // The same, ended early (CURLE_ABORTED_BY_CALLBACK) once `stop` is set, checked by libcurl's
    // progress callback; `stop` may be null.
    static SmtpResult sendNow(const SmtpSettings &settings, const MailMessage &message, const QDateTime &date,
                              const std::atomic_bool *stop);

    // Why `url` cannot be an SMTP server's address (empty when it can): smtp:// or smtps://, a
    // host, an optional port, nothing else (no user or password, path, query or fragment).
    static QString urlProblem(const QString &url);
    // A plain address local@domain in ASCII, without spaces, angle brackets, quotes or commas.
    static bool isPlainAddress(const QString &address);
    // The Subject header's value: as it is when short printable ASCII, else RFC 2047 "B" words of
    // UTF-8 (never splitting a character), folded onto lines of at most 78 characters.
    static QByteArray encodeSubject(const QString &subject);
    // RFC 5322's date, "Fri, 04 Dec 2026 22:10:14 +0000", in UTC.
    static QByteArray formatDate(const QDateTime &date);

private:
    const SmtpSettings m_settings;
    const Clock &m_clock;
    // Set by the destructor: every send in flight reads it through libcurl's progress callback.
    const std::shared_ptr<std::atomic_bool> m_stopping = std::make_shared<std::atomic_bool>(false);
    QThreadPool m_workers;
};

} // namespace keyright::server
