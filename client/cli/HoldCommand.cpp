#include "HoldCommand.h"

#include "Clock.h"
#include "Durations.h"
#include "ExitCode.h"
#include "LeaseClient.h"
#include "LeaseJson.h"
#include "SignalWatcher.h"
#include "Timestamps.h"

#include <QCommandLineParser>

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
int exitCodeForFirstFailure(const QString &reason)
{
    const auto startsLike = [&reason](const LeaseOutcome &sample) {
        QString prefix = describe(sample);
        // describe() ends the sample with its (empty) detail; compare the fixed part only.
        return !prefix.isEmpty() && reason.startsWith(prefix.trimmed());
    };
    if (startsLike(outcome::Transport {}))
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

HoldCommand::~HoldCommand() = default;

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
    return u"LICENSE --holder NAME [--key-file FILE] [--policy monotonic|signed-expiry]"_s;
}

void HoldCommand::addOptions(QCommandLineParser &parser) const
{
    parser.addPositionalArgument(u"LICENSE"_s, u"The license to hold a seat of."_s);
    parser.addOption({u"holder"_s, u"Who holds the seat, as shown to admins (e.g. alice@ws-12)."_s, u"NAME"_s});
    parser.addOption(
        {u"key-file"_s, u"File holding the license key (mode 0600; default: KEYRIGHT_LICENSE_KEY)."_s, u"FILE"_s});
    parser.addOption({u"policy"_s, u"How the keeper decides its lease lapsed: monotonic (default) or signed-expiry."_s,
                      u"POLICY"_s});
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

void HoldCommand::log(const QString &line) const
{
    printOut(u"%1 %2"_s.arg(formatTimestamp(context().clock->now()), line));
}

void HoldCommand::start()
{
    m_client = std::make_unique<LeaseClient>(*context().network);
    m_client->setClock(*context().clock);
    m_client->setServerUrls(context().serverUrls);
    m_client->setLicense(m_licenseId, m_key->view());
    m_client->setTransferTimeout(context().timeout);
    m_key.reset();

    m_keeper = std::make_unique<LeaseKeeper>(*m_client, *context().clock);
    m_keeper->setHolder(m_holder);
    m_keeper->setExpiryPolicy(m_policy);

    connect(m_keeper.get(), &LeaseKeeper::acquired, this, [this](const SeatLease &lease) {
        m_everHeld = true;
        log(u"acquired seat %1 of %2 for %3 (generation %4, lease %5, expires %6)"_s.arg(
            shortSeat(lease.seatId), lease.licenseId, lease.holder, QString::number(lease.generation), window(lease),
            formatTimestamp(lease.expiresAt)));
    });
    connect(m_keeper.get(), &LeaseKeeper::renewed, this, [this](const SeatLease &lease) {
        log(u"renewed seat %1 (lease %2, expires %3)"_s.arg(shortSeat(lease.seatId), window(lease),
                                                            formatTimestamp(lease.expiresAt)));
    });
    connect(m_keeper.get(), &LeaseKeeper::beatFailed, this,
            [this](const QString &reason) { log(u"heartbeat failed, lease still live: %1"_s.arg(reason)); });
    connect(m_keeper.get(), &LeaseKeeper::seatLost, this,
            [this](const QString &reason) { log(u"seat lost: %1; checking out again"_s.arg(reason)); });
    connect(m_keeper.get(), &LeaseKeeper::lapsed, this, [this] { log(u"lease lapsed"_s); });
    connect(m_keeper.get(), &LeaseKeeper::degraded, this, &HoldCommand::onDegraded);
    connect(m_keeper.get(), &LeaseKeeper::recovered, this, [this](const SeatLease &lease) {
        log(u"recovered with seat %1 (generation %2)"_s.arg(shortSeat(lease.seatId),
                                                            QString::number(lease.generation)));
    });
    connect(m_keeper.get(), &LeaseKeeper::released, this, [this](const QString &seatId) {
        if (!seatId.isEmpty())
            log(u"released seat %1"_s.arg(shortSeat(seatId)));
        finish(Ok);
    });
    if (context().signalWatcher)
        connect(context().signalWatcher, &SignalWatcher::interrupted, this, &HoldCommand::onInterrupted);

    QStringList servers;
    for (const QUrl &url : std::as_const(context().serverUrls))
        servers.append(url.toDisplayString());
    log(u"checking out a seat of %1 from %2 as %3"_s.arg(m_licenseId, servers.join(u", "_s), m_holder));
    m_keeper->start();
}

void HoldCommand::onDegraded(const QString &reason)
{
    if (!m_everHeld) {
        // Nothing was ever held, so nothing needs releasing: report why and stop here.
        m_keeper->crash();
        return failWith(exitCodeForFirstFailure(reason), u"cannot hold a seat of %1: %2"_s.arg(m_licenseId, reason));
    }
    log(u"DEGRADED, the application must stop: %1"_s.arg(reason));
}

void HoldCommand::onInterrupted(int signalNumber)
{
    if (m_releasing || isFinished())
        return;
    m_releasing = true;
    log(u"%1 received, releasing"_s.arg(signalNumber == SIGTERM ? u"SIGTERM"_s : u"SIGINT"_s));
    m_releaseDeadline.start(context().timeout + milliseconds {1000});
    m_keeper->release();
    // release() does nothing for a keeper that has not started or already stopped.
    if (m_keeper->state() != LeaseKeeper::State::Stopped)
        finish(Ok);
}

} // namespace keyright::cli
