#include "alerts/SmtpMailer.h"

#include "Clock.h"
#include "Crypto.h"
#include "SecretBuffer.h"
#include "wire/AlertWebhook.h"

#include <QLocale>
#include <QTimeZone>
#include <QUrl>
#include <QtConcurrent/QtConcurrentRun>

#include <cerrno>
#include <cstring>
#include <curl/curl.h>
#include <memory>
#include <mutex>
#include <optional>

// Only SMTP and SMTPS, whatever the URL says. CURLOPT_PROTOCOLS_STR came with libcurl 7.85 and
// deprecated the bit mask of CURLOPT_PROTOCOLS; Debian 12 has 7.88, an older libcurl gets the mask.
#if LIBCURL_VERSION_NUM >= 0x075500
#define KEYRIGHT_CURLOPT_PROTOCOLS CURLOPT_PROTOCOLS_STR
#define KEYRIGHT_SMTP_PROTOCOLS "smtp,smtps"
#elif LIBCURL_VERSION_NUM >= 0x071304
#define KEYRIGHT_CURLOPT_PROTOCOLS CURLOPT_PROTOCOLS
#define KEYRIGHT_SMTP_PROTOCOLS long(CURLPROTO_SMTP | CURLPROTO_SMTPS)
#else
#error "alert mail needs libcurl 7.19.4 or later (CURLOPT_PROTOCOLS); Debian 12's libcurl4-openssl-dev has 7.88"
#endif

using namespace Qt::StringLiterals;

namespace keyright::server {

namespace {

// What the exchange had reached, from libcurl's debug callback: the last command sent (its verb
// only: an AUTH line carries the credentials, which are never kept), the recipient of the last
// RCPT and the server's last reply line. The first refusal (a 4xx or 5xx reply) is frozen there:
// libcurl still says QUIT after it, and "221 Bye" is not what went wrong.
struct Transcript
{
    QByteArray verb;
    QByteArray recipient;
    QByteArray reply;
    bool refused = false;

    int replyCode() const
    {
        bool ok = false;
        const int code = reply.left(3).toInt(&ok);
        return ok ? code : 0;
    }
};

int onDebug(CURL *, curl_infotype type, char *data, size_t size, void *user)
{
    auto *transcript = static_cast<Transcript *>(user);
    if (transcript->refused)
        return 0;
    const QByteArrayView line(data, qsizetype(size));
    if (type == CURLINFO_HEADER_OUT) {
        // AUTH LOGIN sends the user and the password as lines of their own: only a known verb
        // moves the step on, and nothing but the verb (and RCPT's address) is looked at.
        static const QByteArrayView verbs[] = {"EHLO", "HELO", "STARTTLS", "AUTH", "MAIL", "RCPT", "DATA", "QUIT"};
        for (const QByteArrayView verb : verbs) {
            if (line.startsWith(verb)
                && (line.size() == verb.size() || line.at(verb.size()) == ' ' || line.at(verb.size()) == '\r')) {
                transcript->verb = verb.toByteArray();
                if (verb == "RCPT") {
                    const qsizetype open = line.indexOf('<');
                    const qsizetype close = line.indexOf('>', open + 1);
                    transcript->recipient = open >= 0 && close > open
                        ? line.sliced(open + 1, close - open - 1).toByteArray()
                        : QByteArray();
                }
                break;
            }
        }
    } else if (type == CURLINFO_HEADER_IN) {
        QByteArray reply = line.trimmed().toByteArray().left(300);
        for (char &c : reply) {
            if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
                c = ' ';
        }
        if (!reply.isEmpty()) {
            transcript->reply = reply;
            transcript->refused = transcript->replyCode() >= 400;
        }
    }
    return 0;
}

// libcurl calls it at least once a second while a transfer runs, whatever step it is in; a
// nonzero answer ends the transfer with CURLE_ABORTED_BY_CALLBACK.
int onProgress(void *user, curl_off_t, curl_off_t, curl_off_t, curl_off_t)
{
    return static_cast<const std::atomic_bool *>(user)->load() ? 1 : 0;
}

struct EasyFree
{
    void operator()(CURL *curl) const { curl_easy_cleanup(curl); }
};
struct SlistFree
{
    void operator()(curl_slist *list) const { curl_slist_free_all(list); }
};
struct MimeFree
{
    void operator()(curl_mime *mime) const { curl_mime_free(mime); }
};
using SlistPtr = std::unique_ptr<curl_slist, SlistFree>;

bool append(SlistPtr &list, const QByteArray &line)
{
    // The list's head stays the same once it has one; on failure the list is left as it was.
    curl_slist *head = curl_slist_append(list.get(), line.constData());
    if (!head)
        return false;
    if (!list)
        list.reset(head);
    return true;
}

QString serverName(const QString &url)
{
    const QUrl parsed(url);
    const int defaultPort = parsed.scheme() == u"smtps"_s ? 465 : 25;
    return u"%1:%2"_s.arg(parsed.host()).arg(parsed.port(defaultPort));
}

bool isTlsFailure(CURLcode code)
{
    switch (code) {
    case CURLE_SSL_CONNECT_ERROR:
    case CURLE_PEER_FAILED_VERIFICATION:
    case CURLE_SSL_CERTPROBLEM:
    case CURLE_SSL_CIPHER:
    case CURLE_SSL_CACERT_BADFILE:
    case CURLE_SSL_ISSUER_ERROR:
    case CURLE_SSL_CRL_BADFILE:
    case CURLE_SSL_SHUTDOWN_FAILED:
    case CURLE_SSL_PINNEDPUBKEYNOTMATCH:
    case CURLE_SSL_INVALIDCERTSTATUS:
    case CURLE_SSL_ENGINE_INITFAILED:
    case CURLE_SSL_ENGINE_NOTFOUND:
    case CURLE_SSL_ENGINE_SETFAILED:
    case CURLE_SSL_CLIENTCERT:
        return true;
    default:
        return false;
    }
}

// The sentence for a failed exchange: what failed, at which server, with the server's own words
// where it gave some.
QString describeFailure(CURLcode code, long osErrno, const char *errorBuffer, const Transcript &transcript,
                        const SmtpSettings &settings)
{
    const int replyCode = transcript.replyCode();
    const QString server = serverName(settings.url);
    const QString reply = QString::fromUtf8(transcript.reply);
    const QString curlSays = QString::fromUtf8(*errorBuffer ? errorBuffer : curl_easy_strerror(code));
    if (code == CURLE_COULDNT_RESOLVE_HOST)
        return u"cannot find the mail server %1: its name does not resolve"_s.arg(server);
    if (code == CURLE_COULDNT_CONNECT) {
        if (osErrno == ECONNREFUSED)
            return u"the mail server %1 refused the connection (nothing listens on that port?)"_s.arg(server);
        return u"cannot connect to the mail server %1: %2"_s.arg(
            server, osErrno != 0 ? QString::fromLocal8Bit(std::strerror(int(osErrno))) : curlSays);
    }
    if (code == CURLE_OPERATION_TIMEDOUT) {
        const QString step = transcript.verb.isEmpty()
            ? u"connecting or waiting for its greeting"_s
            : u"waiting for the answer to %1"_s.arg(QString::fromLatin1(transcript.verb));
        const qint64 ms = settings.timeout.count();
        const QString limit = ms % 1000 == 0 ? u"%1 s"_s.arg(ms / 1000) : u"%1 ms"_s.arg(ms);
        return u"the mail server %1 did not complete the exchange within %2 (smtp-timeout; %3)"_s.arg(server, limit,
                                                                                                      step);
    }
    if (code == CURLE_USE_SSL_FAILED)
        return u"the mail server %1 does not offer STARTTLS, and mail is never sent in clear text: use a server "
               "that offers it, or smtps://"_s.arg(server);
    if (isTlsFailure(code))
        return u"TLS with the mail server %1 failed: %2 (is its certificate signed by an authority of %3, and "
               "does it name the host?)"_s.arg(server, curlSays,
                                               settings.caFile.isEmpty() ? u"the system"_s : settings.caFile);
    if (code == CURLE_LOGIN_DENIED)
        return u"the mail server %1 refused authentication as %2: %3"_s.arg(server, settings.user,
                                                                            reply.isEmpty() ? curlSays : reply);
    if (replyCode >= 400) {
        if (transcript.verb == "RCPT")
            return u"the mail server %1 refused the recipient %2: %3"_s.arg(
                server, QString::fromUtf8(transcript.recipient), reply);
        if (transcript.verb == "MAIL" && replyCode == 530)
            return u"the mail server %1 requires authentication (set smtp-user and smtp-password-file): %2"_s.arg(
                server, reply);
        if (transcript.verb == "MAIL")
            return u"the mail server %1 refused the sender %2: %3"_s.arg(server, settings.from, reply);
        if (transcript.verb == "DATA")
            return u"the mail server %1 refused the message: %2"_s.arg(server, reply);
        return u"the mail server %1 refused %2: %3"_s.arg(
            server, transcript.verb.isEmpty() ? u"the connection"_s : QString::fromLatin1(transcript.verb), reply);
    }
    if (code == CURLE_GOT_NOTHING || code == CURLE_RECV_ERROR || code == CURLE_SEND_ERROR)
        return u"the mail server %1 closed the connection%2: %3"_s.arg(
            server, transcript.verb.isEmpty() ? QString() : u" after %1"_s.arg(QString::fromLatin1(transcript.verb)),
            curlSays);
    return u"sending through the mail server %1 failed: %2"_s.arg(server, curlSays);
}

QByteArray domainOf(const QString &address)
{
    return address.mid(address.lastIndexOf(u'@') + 1).toLatin1();
}

} // namespace

SmtpMailer::SmtpMailer(SmtpSettings settings, const Clock &clock, QObject *parent)
    : QObject(parent)
    , m_settings(std::move(settings))
    , m_clock(clock)
{
    // Two mails may be on their way at once; more wait for a thread rather than open more
    // connections to one server.
    m_workers.setMaxThreadCount(2);
}

SmtpMailer::~SmtpMailer()
{
    stopSending();
}

void SmtpMailer::stopSending()
{
    m_stopping->store(true);
    // Bounded: each send in flight sees m_stopping within about a second (onProgress), and one not
    // started yet ends at once when its thread comes, so that every future gets its result.
    m_workers.waitForDone();
}

void SmtpMailer::initialiseLibrary()
{
    static std::once_flag initialised;
    std::call_once(initialised, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

QFuture<SmtpResult> SmtpMailer::send(const MailMessage &message)
{
    return QtConcurrent::run(&m_workers, [settings = m_settings, message, date = m_clock.now(), stop = m_stopping] {
        return sendNow(settings, message, date, stop.get());
    });
}

QString SmtpMailer::urlProblem(const QString &url)
{
    const QUrl parsed(url, QUrl::StrictMode);
    if (!parsed.isValid() || (parsed.scheme() != u"smtp"_s && parsed.scheme() != u"smtps"_s) || parsed.host().isEmpty())
        return u"expected smtp://host[:port] (STARTTLS) or smtps://host[:port] (TLS)"_s;
    if (!parsed.userInfo().isEmpty())
        return u"the URL holds a user or a password: give the user as smtp-user and the password in "
               "smtp-password-file (mode 0600)"_s;
    if ((!parsed.path().isEmpty() && parsed.path() != u"/"_s) || parsed.hasQuery() || parsed.hasFragment())
        return u"expected smtp://host[:port] or smtps://host[:port], with nothing after the port"_s;
    return {};
}

bool SmtpMailer::isPlainAddress(const QString &address)
{
    return alerts::webhook::isPlainMailAddress(address);
}

QByteArray SmtpMailer::encodeSubject(const QString &subject)
{
    // "Subject: " and a word of 9 + 39 bytes (52 of base64 plus 12 around it) stay within 78.
    constexpr qsizetype plainLimit = 68;
    constexpr qsizetype bytesPerWord = 39;
    bool plain = subject.size() <= plainLimit && !subject.contains(u"=?"_s);
    for (const QChar c : subject)
        plain = plain && c.unicode() >= 0x20 && c.unicode() < 0x7f;
    if (plain)
        return subject.toLatin1();
    QByteArrayList words;
    QByteArray chunk;
    const auto flush = [&] {
        if (!chunk.isEmpty())
            words.append("=?UTF-8?B?" + chunk.toBase64() + "?=");
        chunk.clear();
    };
    for (char32_t codePoint : subject.toUcs4()) {
        // A header is one line: line breaks and other controls become spaces.
        if (codePoint < 0x20 || codePoint == 0x7f || (codePoint >= 0x80 && codePoint < 0xa0))
            codePoint = U' ';
        const QByteArray bytes = QString::fromUcs4(&codePoint, 1).toUtf8();
        if (chunk.size() + bytes.size() > bytesPerWord)
            flush();
        chunk += bytes;
    }
    flush();
    return words.join("\r\n ");
}

QByteArray SmtpMailer::formatDate(const QDateTime &date)
{
    return QLocale::c().toString(date.toUTC(), u"ddd, dd MMM yyyy hh:mm:ss"_s).toLatin1() + " +0000";
}

SmtpResult SmtpMailer::sendNow(const SmtpSettings &settings, const MailMessage &message, const QDateTime &date)
{
    return sendNow(settings, message, date, nullptr);
}

SmtpResult SmtpMailer::sendNow(const SmtpSettings &settings, const MailMessage &message, const QDateTime &date,
                               const std::atomic_bool *stop)
{
    SmtpResult result;
    const auto refuse = [&result](const QString &why) {
        result.error = why;
        return result;
    };
    if (const QString problem = urlProblem(settings.url); !problem.isEmpty())
        return refuse(u"smtp-url %1: %2"_s.arg(settings.url.left(200), problem));
    if (!isPlainAddress(settings.from))
        return refuse(u"smtp-from \"%1\" is not a plain address such as alerts@example.org"_s.arg(settings.from));
    if (message.to.isEmpty())
        return refuse(u"the mail has no recipient"_s);
    for (const QString &to : message.to) {
        if (!isPlainAddress(to))
            return refuse(u"\"%1\" is not a plain address such as ops@example.org"_s.arg(to.left(200)));
    }

    if (stop && stop->load())
        return refuse(u"the mail to %1 was not sent: the server is stopping"_s.arg(serverName(settings.url)));

    // libcurl's global state is set up once by initialiseLibrary() at the start of the process.

    // Only the password's own bytes plus a terminating zero, in wiped memory. libcurl keeps a copy
    // of its own for the transfer (CURLOPT_PASSWORD copies), freed when the handle is.
    std::optional<SecretBuffer> password;
    if (!settings.user.isEmpty()) {
        QString problem;
        const auto stored = readSecretFile(settings.passwordFile, &problem);
        if (!stored)
            return refuse(u"smtp-password-file: %1"_s.arg(problem));
        if (stored->isEmpty() || stored->view().contains('\0'))
            return refuse(u"smtp-password-file %1 holds no usable password (it is empty or holds a zero byte)"_s.arg(
                settings.passwordFile));
        password.emplace(stored->size() + 1);
        std::memcpy(password->data(), stored->data(), size_t(stored->size()));
        password->data()[stored->size()] = 0;
    }

    // Declared before the handle, so that they outlive it: libcurl reads the lists by pointer, and
    // its cleanup still says QUIT (through the debug callback) and may write the error buffer.
    Transcript transcript;
    char errorBuffer[CURL_ERROR_SIZE] = {};
    SlistPtr recipients;
    SlistPtr headers;
    std::unique_ptr<curl_mime, MimeFree> mime;
    const std::unique_ptr<CURL, EasyFree> curl(curl_easy_init());
    if (!curl)
        return refuse(u"libcurl could not make a handle (out of memory?)"_s);
    for (const QString &to : message.to) {
        if (!append(recipients, "<" + to.toLatin1() + ">"))
            return refuse(u"out of memory building the mail"_s);
    }
    const QByteArray sender = "<" + settings.from.toLatin1() + ">";
    const QByteArray headerLines[] = {
        "Date: " + formatDate(date),
        "From: " + settings.from.toLatin1(),
        "To: " + message.to.join(u", "_s).toLatin1(),
        "Subject: " + encodeSubject(message.subject),
        "Message-ID: <" + crypto::randomHex(16).toLatin1() + "@" + domainOf(settings.from) + ">",
        // RFC 3834: a machine wrote it; vacation responders do not answer it.
        "Auto-Submitted: auto-generated",
    };
    for (const QByteArray &line : headerLines) {
        if (!append(headers, line))
            return refuse(u"out of memory building the mail"_s);
    }
    // One text part; libcurl writes the MIME-Version and multipart headers around it and encodes
    // the text as quoted-printable (7-bit lines of at most 76 characters, whatever the server).
    QString text = message.body;
    text.replace(u"\r\n"_s, u"\n"_s).replace(u'\r', u'\n');
    if (!text.endsWith(u'\n'))
        text.append(u'\n');
    const QByteArray body = text.replace(u"\n"_s, u"\r\n"_s).toUtf8();
    mime.reset(curl_mime_init(curl.get()));
    curl_mimepart *part = mime ? curl_mime_addpart(mime.get()) : nullptr;
    if (!part || curl_mime_data(part, body.constData(), size_t(body.size())) != CURLE_OK
        || curl_mime_type(part, "text/plain; charset=UTF-8") != CURLE_OK
        || curl_mime_encoder(part, "quoted-printable") != CURLE_OK)
        return refuse(u"libcurl could not build the mail's body"_s);

    const QByteArray url = settings.url.toUtf8();
    const QByteArray user = settings.user.toUtf8();
    const QByteArray caFile = settings.caFile.toLocal8Bit();
    const long timeoutMs = long(settings.timeout.count());
    CURL *handle = curl.get();
    bool set = curl_easy_setopt(handle, CURLOPT_URL, url.constData()) == CURLE_OK
        && curl_easy_setopt(handle, KEYRIGHT_CURLOPT_PROTOCOLS, KEYRIGHT_SMTP_PROTOCOLS) == CURLE_OK
        // Never in clear text: STARTTLS must succeed on smtp://.
        && curl_easy_setopt(handle, CURLOPT_USE_SSL, long(CURLUSESSL_ALL)) == CURLE_OK
        && curl_easy_setopt(handle, CURLOPT_SSLVERSION, long(CURL_SSLVERSION_TLSv1_2)) == CURLE_OK
        && curl_easy_setopt(handle, CURLOPT_SSL_VERIFYPEER, 1L) == CURLE_OK
        && curl_easy_setopt(handle, CURLOPT_SSL_VERIFYHOST, 2L) == CURLE_OK
        && curl_easy_setopt(handle, CURLOPT_MAIL_FROM, sender.constData()) == CURLE_OK
        && curl_easy_setopt(handle, CURLOPT_MAIL_RCPT, recipients.get()) == CURLE_OK
        && curl_easy_setopt(handle, CURLOPT_HTTPHEADER, headers.get()) == CURLE_OK
        && curl_easy_setopt(handle, CURLOPT_MIMEPOST, mime.get()) == CURLE_OK
        && curl_easy_setopt(handle, CURLOPT_TIMEOUT_MS, timeoutMs) == CURLE_OK
        && curl_easy_setopt(handle, CURLOPT_CONNECTTIMEOUT_MS, timeoutMs) == CURLE_OK
        // Worker threads: no signals for name lookups' timeouts.
        && curl_easy_setopt(handle, CURLOPT_NOSIGNAL, 1L) == CURLE_OK
        && curl_easy_setopt(handle, CURLOPT_ERRORBUFFER, errorBuffer) == CURLE_OK
        // The debug callback only follows the steps (see Transcript); nothing goes to stderr.
        && curl_easy_setopt(handle, CURLOPT_DEBUGFUNCTION, onDebug) == CURLE_OK
        && curl_easy_setopt(handle, CURLOPT_DEBUGDATA, &transcript) == CURLE_OK
        && curl_easy_setopt(handle, CURLOPT_VERBOSE, 1L) == CURLE_OK;
    if (set && stop) {
        set = curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, onProgress) == CURLE_OK
            && curl_easy_setopt(handle, CURLOPT_XFERINFODATA, stop) == CURLE_OK
            && curl_easy_setopt(handle, CURLOPT_NOPROGRESS, 0L) == CURLE_OK;
    }
    if (set && !caFile.isEmpty())
        set = curl_easy_setopt(handle, CURLOPT_CAINFO, caFile.constData()) == CURLE_OK;
    if (set && password) {
        set = curl_easy_setopt(handle, CURLOPT_USERNAME, user.constData()) == CURLE_OK
            && curl_easy_setopt(handle, CURLOPT_PASSWORD, reinterpret_cast<const char *>(password->data())) == CURLE_OK;
        password.reset(); // wiped now: libcurl holds its copy
    }
    if (!set)
        return refuse(u"libcurl refused the mail settings for %1 (check smtp-url and smtp-ca-file): %2"_s.arg(
            settings.url, QString::fromUtf8(errorBuffer)));

    const CURLcode code = curl_easy_perform(handle);
    long osErrno = 0;
    curl_easy_getinfo(handle, CURLINFO_OS_ERRNO, &osErrno);
    result.responseCode = transcript.replyCode();
    result.serverReply = QString::fromUtf8(transcript.reply);
    if (code == CURLE_OK) {
        result.ok = true;
        return result;
    }
    if (code == CURLE_ABORTED_BY_CALLBACK) {
        result.error
            = u"the mail to %1 was not finished: the server stopped while sending it"_s.arg(serverName(settings.url));
        return result;
    }
    result.error = describeFailure(code, osErrno, errorBuffer, transcript, settings);
    return result;
}

} // namespace keyright::server
