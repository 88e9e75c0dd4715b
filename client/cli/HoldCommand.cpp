#include "HoldCommand.h"

#include "Clock.h"
#include "Durations.h"
#include "ExitCode.h"
#include "LeaseClient.h"
#include "LeaseJson.h"
#include "SignalWatcher.h"
#include "Timestamps.h"

#include <QCommandLineParser>
#include <QJsonDocument>
#include <QSocketNotifier>

#include <cerrno>
#include <cstdio>
#include <unistd.h>

using namespace Qt::StringLiterals;
using std::chrono::milliseconds;

namespace keyright::cli {

namespace {

QString shortSeat(const QString &seatId)
{
    return seatId.left(8);
}

QString window(const SeatLease &lease)
{
    return formatDuration(milliseconds {lease.issuedAt.msecsTo(lease.expiresAt)});
}

// The keeper reports a failed first checkout as a sentence made by describe(); telling the kinds
// apart by the sentence each kind starts with keeps the exit code in step with LeaseClient's own
// wording.
// "1st", "2nd", "3rd", "4th", ..., "11th", "12th", "13th", "21st".
QString ordinal(int n)
{
    const int lastTwo = n % 100;
    const int last = n % 10;
    const char *suffix = "th";
    if (lastTwo < 11 || lastTwo > 13) {
        if (last == 1)
            suffix = "st";
        else if (last == 2)
            suffix = "nd";
        else if (last == 3)
            suffix = "rd";
    }
    return QString::number(n) + QLatin1StringView(suffix);
}

// The reason, with how to trust the server's certificate when TLS refused it (as every other
// command says).
QString withTlsHint(const QString &reason)
{
    const QString prefix = describe(outcome::Transport {{}, true}).trimmed();
    return reason.startsWith(prefix) ? reason + CliCommand::tlsHint() : reason;
}

int exitCodeForFirstFailure(const QString &reason)
{
    const auto startsLike = [&reason](const LeaseOutcome &sample) {
        QString prefix = describe(sample);
        // describe() ends the sample with its (empty) detail; compare the fixed part only.
        return !prefix.isEmpty() && reason.startsWith(prefix.trimmed());
    };
    // A server that answered 5xx could not serve either: the same exit status as before it was
    // told apart from one that did not answer.
    const QString answered = describe(outcome::Transport {{}, false, std::chrono::seconds {0}, 599});
    if (startsLike(outcome::Transport {}) || startsLike(outcome::Transport {{}, true})
        || reason.startsWith(answered.left(answered.indexOf(u"599"_s))))
        return Unreachable;
    if (startsLike(outcome::Unauthorized {}))
        return Unauthorized;
    if (startsLike(outcome::Protocol {}))
        return Failure;
    if (startsLike(outcome::HolderBlocked {}))
        return NoSeats;
    return NoSeats; // what remains for a checkout is NoSeats
}

} // namespace

HoldCommand::HoldCommand(CliContext &context, QObject *parent)
    : CliCommand(context, parent)
{
    m_releaseDeadline.setSingleShot(true);
    connect(&m_releaseDeadline, &QTimer::timeout, this, [this] {
        log(u"the server did not confirm the release in time; the seat frees itself when its lease expires"_s);
        finish(Ok);
    });
}

HoldCommand::~HoldCommand()
{
    restoreTerminal();
}

QString HoldCommand::name() const
{
    return u"hold"_s;
}

QString HoldCommand::summary() const
{
    return u"Take a seat and keep it renewed until Ctrl-C, then release it."_s;
}

QString HoldCommand::synopsis() const
{
    return u"LICENSE --holder NAME [--key-file FILE] [--policy monotonic|signed-expiry] [--wait DURATION] [--active] "
           u"[--json]"_s;
}

void HoldCommand::addOptions(QCommandLineParser &parser) const
{
    parser.addPositionalArgument(u"LICENSE"_s, u"The license to hold a seat of."_s);
    parser.addOption({u"holder"_s, u"Who holds the seat, as shown to admins (e.g. alice@ws-12)."_s, u"NAME"_s});
    parser.addOption(
        {u"key-file"_s, u"File holding the license key (mode 0600; default: KEYRIGHT_LICENSE_KEY)."_s, u"FILE"_s});
    parser.addOption({u"policy"_s, u"How the keeper decides its lease lapsed: monotonic (default) or signed-expiry."_s,
                      u"POLICY"_s});
    parser.addOption({u"wait"_s,
                      u"When every seat is taken, wait in line for at most this long (e.g. 10m, up to 24h) "
                      u"instead of exiting 5."_s,
                      u"DURATION"_s});
    parser.addOption({u"active"_s,
                      u"Report the user as active on every heartbeat (for scripts; on a terminal any key reports "
                      u"activity)."_s});
}

QString HoldCommand::prepare(const QCommandLineParser &parser, const QStringList &arguments)
{
    if (arguments.size() != 1)
        return u"expects exactly one LICENSE"_s;
    m_licenseId = arguments.constFirst();
    if (!isValidLicenseId(m_licenseId))
        return u"\"%1\" is not a license id ([a-z0-9][a-z0-9-]{0,63})"_s.arg(m_licenseId);
    if (!parser.isSet(u"holder"_s))
        return u"--holder NAME is required"_s;
    m_holder = parser.value(u"holder"_s);
    QString why;
    if (!validateHolder(m_holder, &why))
        return u"--holder: %1"_s.arg(why);
    const QString policy = parser.value(u"policy"_s);
    if (policy.isEmpty() || policy == u"monotonic"_s)
        m_policy = LeaseKeeper::ExpiryPolicy::Monotonic;
    else if (policy == u"signed-expiry"_s)
        m_policy = LeaseKeeper::ExpiryPolicy::SignedExpiry;
    else
        return u"--policy: \"%1\" is neither monotonic nor signed-expiry"_s.arg(policy);

    if (parser.isSet(u"wait"_s)) {
        m_wait = parseSeconds(u"wait"_s, parser.value(u"wait"_s), std::chrono::seconds {1}, &why);
        if (!m_wait)
            return why;
        if (m_wait->count() > QueueTicket::maxWaitSecondsLimit)
            return u"--wait: at most %1h"_s.arg(QueueTicket::maxWaitSecondsLimit / 3600);
    }

    m_active = parser.isSet(u"active"_s);

    if (parser.isSet(u"key-file"_s)) {
        m_key = readSecretFile(parser.value(u"key-file"_s), &why);
        if (!m_key)
            return u"--key-file: %1"_s.arg(why);
    } else {
        QByteArray fromEnvironment = qgetenv("KEYRIGHT_LICENSE_KEY").trimmed();
        if (!fromEnvironment.isEmpty())
            m_key = SecretBuffer::copyOf(fromEnvironment);
        fromEnvironment.fill('\0');
    }
    if (!m_key || m_key->isEmpty())
        return u"no license key: pass --key-file FILE or set KEYRIGHT_LICENSE_KEY"_s;
    return {};
}

void HoldCommand::log(const QString &line)
{
    endLiveLine();
    printOut(u"%1 %2"_s.arg(formatTimestamp(context().clock->now()), line));
}

void HoldCommand::report(const QString &event, const QString &line, QJsonObject detail)
{
    if (!context().json) {
        log(line);
        return;
    }
    detail.insert(u"event"_s, event);
    detail.insert(u"at"_s, formatTimestamp(context().clock->now()));
    printJson(detail, QJsonDocument::Compact);
}

void HoldCommand::endLiveLine()
{
    if (!m_liveLineOpen)
        return;
    m_liveLineOpen = false;
    std::fputs("\n", stdout);
    std::fflush(stdout);
}

void HoldCommand::showPlaceInLine(bool changed)
{
    const std::optional<QueueTicket> ticket = m_keeper->ticket();
    if (!ticket)
        return;
    const auto waited = std::chrono::duration_cast<std::chrono::seconds>(m_keeper->waitedFor());
    const QString place = ticket->state == QueueTicket::State::Granted
        ? u"a seat is held for us"_s
        : u"%1 of %2"_s.arg(ordinal(ticket->position)).arg(ticket->waiting);
    const QString text = u"waiting in line: %1, %2 so far"_s.arg(place, formatSeconds(waited.count()));
    if (context().json) {
        if (changed)
            report(u"waiting"_s, text,
                   {{u"ticketId"_s, ticket->ticketId},
                    {u"position"_s, ticket->position},
                    {u"waiting"_s, ticket->waiting},
                    {u"waitedMs"_s, qint64(m_keeper->waitedFor().count())},
                    {u"giveUpAt"_s, formatTimestamp(ticket->giveUpAt)}});
        return;
    }
    if (!m_tty) {
        if (changed)
            log(text);
        return;
    }
    // One line rewritten in place: carriage return, the text, then erase what a longer line left.
    const QString line = u"\r%1 %2\x1b[K"_s.arg(formatTimestamp(context().clock->now()), text);
    std::fputs(line.toLocal8Bit().constData(), stdout);
    std::fflush(stdout);
    m_liveLineOpen = true;
}

void HoldCommand::start()
{
    m_client = std::make_unique<LeaseClient>(*context().network);
    m_client->setClock(*context().clock);
    m_client->setServerUrls(context().serverUrls);
    m_client->setTlsTrust(context().tlsTrust);
    m_client->setLicense(m_licenseId, m_key->view());
    m_client->setTransferTimeout(context().timeout);
    m_key.reset();

    m_keeper = std::make_unique<LeaseKeeper>(*m_client, *context().clock);
    m_keeper->setHolder(m_holder);
    m_keeper->setExpiryPolicy(m_policy);
    m_keeper->setWaitInLine(m_wait);
    m_tty = !context().json && ::isatty(STDOUT_FILENO) == 1;
    m_liveTicker.setInterval(std::chrono::seconds {1});
    connect(&m_liveTicker, &QTimer::timeout, this, [this] { showPlaceInLine(false); });

    connect(m_keeper.get(), &LeaseKeeper::acquired, this, [this](const SeatLease &lease) {
        m_everHeld = true;
        m_liveTicker.stop();
        report(u"acquired"_s,
               u"acquired seat %1 of %2 for %3 (generation %4, lease %5, expires %6)"_s.arg(
                   shortSeat(lease.seatId), lease.licenseId, lease.holder, QString::number(lease.generation),
                   window(lease), formatTimestamp(lease.expiresAt)),
               {{u"seatId"_s, lease.seatId},
                {u"licenseId"_s, lease.licenseId},
                {u"holder"_s, lease.holder},
                {u"generation"_s, QString::number(lease.generation)},
                {u"expiresAt"_s, formatTimestamp(lease.expiresAt)}});
    });
    connect(m_keeper.get(), &LeaseKeeper::renewed, this, [this](const SeatLease &lease) {
        report(u"renewed"_s,
               u"renewed seat %1 (lease %2, expires %3)"_s.arg(shortSeat(lease.seatId), window(lease),
                                                               formatTimestamp(lease.expiresAt)),
               {{u"seatId"_s, lease.seatId}, {u"expiresAt"_s, formatTimestamp(lease.expiresAt)}});
    });
    connect(m_keeper.get(), &LeaseKeeper::beatFailed, this, [this](const QString &reason) {
        const bool waiting = m_keeper->state() == LeaseKeeper::State::Waiting;
        report(u"beat_failed"_s,
               waiting ? u"ticket heartbeat failed, still in line: %1"_s.arg(reason)
                       : u"heartbeat failed, lease still live: %1"_s.arg(reason),
               {{u"reason"_s, reason}});
    });
    connect(m_keeper.get(), &LeaseKeeper::seatLost, this, [this](const QString &reason) {
        // The keeper's reason may be a whole sentence: no ".;" in the line (walk 26).
        QString said = reason;
        while (said.endsWith(u'.'))
            said.chop(1);
        report(u"seat_lost"_s, u"seat lost: %1; checking out again"_s.arg(said), {{u"reason"_s, reason}});
    });
    connect(m_keeper.get(), &LeaseKeeper::reclaimWarning, this, [this](const QDateTime &reclaimAt) {
        // The keeper's own sentence, as an application would show it; a keystroke here is activity.
        report(u"reclaim_warning"_s, LeaseKeeper::warningText(reclaimAt),
               {{u"reclaimAt"_s, formatTimestamp(reclaimAt)}});
    });
    connect(m_keeper.get(), &LeaseKeeper::reclaimLifted, this,
            [this] { report(u"reclaim_lifted"_s, u"the seat is no longer marked for reclaim"_s); });
    connect(m_keeper.get(), &LeaseKeeper::lapsed, this, [this] { report(u"lapsed"_s, u"lease lapsed"_s); });
    connect(m_keeper.get(), &LeaseKeeper::degraded, this, &HoldCommand::onDegraded);
    connect(m_keeper.get(), &LeaseKeeper::recovered, this, [this](const SeatLease &lease) {
        report(
            u"recovered"_s,
            u"recovered with seat %1 (generation %2)"_s.arg(shortSeat(lease.seatId), QString::number(lease.generation)),
            {{u"seatId"_s, lease.seatId}, {u"generation"_s, QString::number(lease.generation)}});
    });
    connect(m_keeper.get(), &LeaseKeeper::positionChanged, this, [this](int, int) {
        showPlaceInLine(true);
        if (m_tty && !m_liveTicker.isActive())
            m_liveTicker.start();
    });
    connect(m_keeper.get(), &LeaseKeeper::gaveUp, this, [this](const QString &reason) {
        m_liveTicker.stop();
        endLiveLine();
        if (context().json)
            report(u"gave_up"_s, reason, {{u"reason"_s, reason}});
        failWith(NoSeats, u"cannot hold a seat of %1: %2"_s.arg(m_licenseId, withTlsHint(reason)));
    });
    connect(m_keeper.get(), &LeaseKeeper::released, this, [this](const QString &seatId) {
        m_liveTicker.stop();
        if (!seatId.isEmpty())
            report(u"released"_s, u"released seat %1"_s.arg(shortSeat(seatId)), {{u"seatId"_s, seatId}});
        else if (m_leftLine)
            report(u"left_line"_s, u"left the line"_s);
        finish(Ok);
    });
    if (context().signalWatcher)
        connect(context().signalWatcher, &SignalWatcher::interrupted, this, &HoldCommand::onInterrupted);

    QStringList servers;
    for (const QUrl &url : std::as_const(context().serverUrls))
        servers.append(url.toDisplayString());
    QJsonObject detail {{u"licenseId"_s, m_licenseId}, {u"servers"_s, servers.join(u","_s)}, {u"holder"_s, m_holder}};
    QString line = u"checking out a seat of %1 from %2 as %3"_s.arg(m_licenseId, servers.join(u", "_s), m_holder);
    if (m_wait) {
        detail.insert(u"waitSeconds"_s, qint64(m_wait->count()));
        line += u", waiting in line for at most %1"_s.arg(formatSeconds(m_wait->count()));
    }
    report(u"checking_out"_s, line, detail);

    if (m_active) {
        // Every heartbeat then says "active just now" (at most a second ago).
        m_keeper->noteActivity();
        m_activeTicker.setInterval(std::chrono::seconds {1});
        connect(&m_activeTicker, &QTimer::timeout, this, [this] { m_keeper->noteActivity(); });
        m_activeTicker.start();
    } else if (startReadingKeys()) {
        // Which idle time counts is the license's reclaim rule, which only an admin can read.
        report(u"keys"_s,
               u"Press any key to show activity; with no key pressed for the license's idle time (its reclaim "
               u"rule, else 30 minutes) the seat counts as idle."_s);
    }
    m_keeper->start();
}

bool HoldCommand::startReadingKeys()
{
    // Only a terminal this process has in the foreground: a hold started with & in an interactive
    // shell must not stop on SIGTTOU or SIGTTIN by touching it.
    if (::isatty(STDIN_FILENO) != 1 || ::tcgetpgrp(STDIN_FILENO) != ::getpgrp())
        return false;
    termios saved {};
    if (::tcgetattr(STDIN_FILENO, &saved) != 0)
        return false;
    termios keys = saved;
    // Each key as it is typed, not echoed; ISIG stays on, so Ctrl-C still sends SIGINT.
    keys.c_lflag &= ~tcflag_t(ICANON | ECHO);
    keys.c_cc[VMIN] = 1;
    keys.c_cc[VTIME] = 0;
    if (::tcsetattr(STDIN_FILENO, TCSANOW, &keys) != 0)
        return false;
    m_savedTerminal = saved;
    m_keys = std::make_unique<QSocketNotifier>(STDIN_FILENO, QSocketNotifier::Read);
    connect(m_keys.get(), &QSocketNotifier::activated, this, &HoldCommand::onKeys);
    return true;
}

void HoldCommand::onKeys()
{
    char buffer[64];
    const ssize_t got = ::read(STDIN_FILENO, buffer, sizeof buffer);
    if (got > 0) {
        m_keeper->noteActivity();
        return;
    }
    // The terminal went away (end of input or an error): stop watching it.
    if (got == 0 || (errno != EINTR && errno != EAGAIN))
        m_keys->setEnabled(false);
}

void HoldCommand::restoreTerminal()
{
    if (m_keys)
        m_keys->setEnabled(false);
    if (!m_savedTerminal)
        return;
    ::tcsetattr(STDIN_FILENO, TCSANOW, &*m_savedTerminal);
    m_savedTerminal.reset();
}

void HoldCommand::onDegraded(const QString &reason)
{
    if (!m_everHeld) {
        // Nothing was ever held, so nothing needs releasing: report why and stop here.
        m_keeper->crash();
        m_liveTicker.stop();
        endLiveLine();
        return failWith(exitCodeForFirstFailure(reason),
                        u"cannot hold a seat of %1: %2"_s.arg(m_licenseId, withTlsHint(reason)));
    }
    report(u"degraded"_s, u"DEGRADED, the application must stop: %1"_s.arg(withTlsHint(reason)),
           {{u"reason"_s, reason}});
}

void HoldCommand::onInterrupted(int signalNumber)
{
    if (m_releasing || isFinished())
        return;
    m_releasing = true;
    m_liveTicker.stop();
    m_activeTicker.stop();
    restoreTerminal();
    const QString name = signalNumber == SIGTERM ? u"SIGTERM"_s : u"SIGINT"_s;
    m_leftLine = m_keeper->state() == LeaseKeeper::State::Waiting;
    report(u"interrupted"_s,
           m_leftLine ? u"%1 received, leaving the line"_s.arg(name) : u"%1 received, releasing"_s.arg(name),
           {{u"signal"_s, name}});
    m_releaseDeadline.start(context().timeout + milliseconds {1000});
    m_keeper->release();
    // release() does nothing for a keeper that has not started or already stopped.
    if (m_keeper->state() != LeaseKeeper::State::Stopped)
        finish(Ok);
}

} // namespace keyright::cli
