#include "SimulatedClient.h"

#include "BorrowRefusalText.h"
#include "Durations.h"
#include "OutcomeText.h"

#include <QLocale>
#include <QNetworkAccessManager>
#include <QTemporaryDir>

namespace keyright {

using namespace Qt::StringLiterals;
using std::chrono::milliseconds;

namespace {

// Short enough that a cut network or a dead server shows as a lost beat within one step of a
// 15-second demo lease, long enough for a loaded CI machine.
constexpr milliseconds transferTimeout {3000};
// Re-acquire attempts while degraded: often enough for a waiting client to grab a freed seat
// within a couple of seconds of a short-TTL demo.
constexpr milliseconds retryInterval {2000};

} // namespace

SimulatedClient::SimulatedClient(QNetworkAccessManager &network, const QUrl &serverUrl, QByteArrayView licenseKey,
                                 const Clock &base, const SimulatedClientSpec &spec, QObject *parent)
    : QObject(parent)
    , m_base(base)
    , m_spec(spec)
    , m_clock(base, spec.offset)
{
    m_client = new LeaseClient(network, this);
    if (m_spec.instanceUrls.isEmpty()) {
        m_client->setServerUrl(serverUrl);
    } else {
        // The back-off of a dead instance runs on simulated time, like everything else here.
        m_client->setClock(base);
        // The list from its first instance on, wrapping round: that is where it starts, and its
        // failover goes on to the next ones, as a site's clients configured in turn would.
        QList<QUrl> urls;
        const auto n = m_spec.instanceUrls.size();
        for (qsizetype i = 0; i < n; ++i)
            urls.append(m_spec.instanceUrls.at((m_spec.firstInstance + i) % n));
        m_client->setServerUrls(urls);
        connect(m_client, &LeaseClient::instanceChanged, this, [this](const QUrl &url) {
            const int index = int(m_spec.instanceUrls.indexOf(url));
            if (index == m_lastInstance)
                return; // its first answer, from where it started
            m_lastInstance = index;
            record(TimelineEvent::Kind::InstanceChanged, tr("now on instance %1").arg(index + 1));
        });
        m_lastInstance = int(m_spec.firstInstance % n);
    }
    m_client->setLicense(spec.licenseId, licenseKey);
    m_client->setTransferTimeout(transferTimeout);

    m_keeper = new LeaseKeeper(*m_client, m_clock, this);
    // Holders are display labels on the server; the suffix tells support these seats were
    // simulated. Both in the language the client started in: the server knows the holder by it.
    //: A simulated client's holder name on the server: its name, then a suffix that says "simulator".
    m_holder = tr("%1@simulator").arg(m_spec.name);
    m_keeper->setHolder(m_holder);
    m_keeper->setExpiryPolicy(spec.policy);
    // No jitter: a trainer replays a scenario and the room must see the same thing every time.
    m_keeper->setMaxJitter(milliseconds {0});
    m_keeper->setRetryInterval(retryInterval);
    // No back-off either: the scenarios squeeze minutes into seconds (TTLs of 15 s), and a wait
    // that doubles up to a minute would hide the recovery a trainer shows; the back-off is for a
    // real site's many clients after an outage (LeaseKeeper::setMaxRetryInterval).
    m_keeper->setMaxRetryInterval(retryInterval);
    m_keeper->setWaitInLine(spec.waitInLine);

    connect(m_keeper, &LeaseKeeper::acquired, this, [this](const SeatLease &lease) {
        if (m_borrowing)
            return; // the borrow's own mark says it, and its lease is noted already
        const bool first = m_seatIds.isEmpty();
        noteLease(lease);
        record(first ? TimelineEvent::Kind::Checkout : TimelineEvent::Kind::Reacquire,
               tr("seat %1, generation %2").arg(lease.seatId.left(8)).arg(lease.generation));
    });
    connect(m_keeper, &LeaseKeeper::renewed, this, [this](const SeatLease &lease) {
        noteLease(lease);
        record(TimelineEvent::Kind::Beat, tr("signed until %1").arg(lease.expiresAt.toString(u"HH:mm:ss.zzz"_s)));
    });
    connect(m_keeper, &LeaseKeeper::recovered, this, [this](const SeatLease &lease) {
        noteLease(lease);
        record(TimelineEvent::Kind::Recover, tr("seat %1").arg(lease.seatId.left(8)));
    });
    connect(m_keeper, &LeaseKeeper::beatFailed, this,
            [this](const QString &reason) { record(TimelineEvent::Kind::BeatLost, reason); });
    connect(m_keeper, &LeaseKeeper::seatLost, this,
            [this](const QString &reason) { record(TimelineEvent::Kind::SeatLost, reason); });
    connect(m_keeper, &LeaseKeeper::lapsed, this, [this] { record(TimelineEvent::Kind::Lapsed); });
    connect(m_keeper, &LeaseKeeper::degraded, this,
            [this](const QString &reason) { record(TimelineEvent::Kind::Degrade, reason); });
    connect(m_keeper, &LeaseKeeper::released, this, [this](const QString &seatId) {
        if (m_borrowing && seatId.isEmpty())
            return; // a borrowed seat stops with its return (or stays counted): nothing was released
        record(TimelineEvent::Kind::Release, tr("seat %1").arg(seatId.left(8)));
    });
    connect(m_keeper, &LeaseKeeper::reclaimWarning, this, [this](const QDateTime &reclaimAt) {
        record(TimelineEvent::Kind::ReclaimWarned, LeaseKeeper::warningText(reclaimAt));
    });
    connect(m_keeper, &LeaseKeeper::stateChanged, this, [this] {
        sample();
        Q_EMIT changed();
    });
}

SimulatedClient::~SimulatedClient() = default;

int SimulatedClient::instance() const
{
    if (m_spec.instanceUrls.isEmpty())
        return -1;
    return int(m_spec.instanceUrls.indexOf(m_client->serverUrl()));
}

QString SimulatedClient::holder() const
{
    return m_holder;
}

void SimulatedClient::setName(const QString &name)
{
    m_spec.name = name;
}

milliseconds SimulatedClient::offset() const
{
    return m_clock.offset();
}

void SimulatedClient::setOffset(milliseconds offset)
{
    if (offset == m_clock.offset())
        return;
    const milliseconds before = m_clock.offset();
    m_clock.setOffset(offset);
    record(TimelineEvent::Kind::ClockChanged, tr("offset %1 → %2").arg(formatDuration(before), formatDuration(offset)));
    m_keeper->evaluate();
}

void SimulatedClient::setClockBack(milliseconds by)
{
    setOffset(m_clock.offset() - by);
}

void SimulatedClient::start()
{
    if (m_started)
        return;
    m_started = true;
    m_keeper->start();
    sample();
    Q_EMIT changed();
}

void SimulatedClient::crash()
{
    if (m_crashed || m_keeper->state() == LeaseKeeper::State::Stopped)
        return;
    m_crashed = true;
    m_keeper->crash();
    record(TimelineEvent::Kind::Crash, tr("stopped without releasing"));
}

void SimulatedClient::release()
{
    if (m_borrowing && m_keeper->state() != LeaseKeeper::State::Stopped) {
        // The simulator leaves no seat of its own counted for a day: a borrowed seat goes back.
        returnBorrowed();
        return;
    }
    m_keeper->release();
    sample();
    Q_EMIT changed();
}

std::optional<BorrowedLeaseFile> SimulatedClient::borrowedFile() const
{
    if (!m_spec.borrowDirectory.isEmpty())
        return BorrowedLeaseFile::forLicense(m_spec.licenseId, m_spec.borrowDirectory);
    if (!m_borrowDir)
        return std::nullopt;
    return BorrowedLeaseFile::forLicense(m_spec.licenseId, m_borrowDir->path());
}

void SimulatedClient::borrow(int days)
{
    if (m_borrowPending || m_crashed)
        return;
    const auto state = m_keeper->state();
    if (state != LeaseKeeper::State::Idle && state != LeaseKeeper::State::Stopped)
        return; // it holds or seeks a seat already: one machine, one seat
    m_borrowPending = true;
    m_client->borrow(m_holder, days, this, [this, days](const BorrowOutcome &outcome) {
        m_borrowPending = false;
        if (const auto *refused = std::get_if<outcome::BorrowRefused>(&outcome)) {
            // Said in the interface's language from the refusal's numbers; the server's English
            // sentence only when it sent none.
            m_borrowRefusal = refused->refusal
                ? BorrowRefusalText::sentence(*refused->refusal, m_spec.licenseId, m_holder)
                : refused->message;
            record(TimelineEvent::Kind::BorrowRefused, m_borrowRefusal);
            return;
        }
        const auto *borrowed = std::get_if<outcome::Borrowed>(&outcome);
        if (!borrowed) {
            // Not the server's refusal: the network, the key, a malformed answer.
            const QString message = failureText(outcome);
            m_borrowRefusal = message;
            record(TimelineEvent::Kind::BorrowRefused, message);
            return;
        }
        if (m_spec.borrowDirectory.isEmpty() && !m_borrowDir) {
            m_borrowDir = std::make_unique<QTemporaryDir>();
            m_borrowDir->setAutoRemove(true);
        }
        const BorrowAnswer &answer = borrowed->answer;
        const BorrowedLeaseFile file = *borrowedFile();
        QString error;
        if ((m_borrowDir && !m_borrowDir->isValid())
            || !file.write(BorrowedLeaseState {answer.lease, answer.publicKey, m_client->serverUrl().toString(),
                                               answer.serverTime, answer.returnSecret},
                           &error)) {
            m_borrowRefusal = error.isEmpty() && m_borrowDir ? m_borrowDir->errorString() : error;
            record(TimelineEvent::Kind::BorrowRefused, m_borrowRefusal);
            return;
        }
        m_borrowRefusal.clear();
        m_borrowing = true;
        m_borrowedSeatId = answer.lease.seatId;
        m_returnSecret = answer.returnSecret;
        m_started = true;
        noteLease(answer.lease);
        //: A simulated laptop borrowed a seat for %n days; %1 is when the borrow ends.
        record(TimelineEvent::Kind::Borrowed,
               tr("borrowed for %n day(s), until %1", nullptr, days)
                   .arg(QLocale().toString(answer.lease.expiresAt, u"d MMM yyyy HH:mm"_s)));
        // A laptop that runs writes the latest time it saw forward as it goes (each minute by
        // default); the story lasts seconds, so the simulated one does it each second: the mark a
        // turned-back clock is judged by is where its clock was, not the borrow (walk 53, 11).
        m_keeper->setBorrowedCheckInterval(borrowedCheckInterval);
        m_keeper->startBorrowed(file, m_spec.licenseId, m_skew);
        sample();
        Q_EMIT changed();
    });
}

bool SimulatedClient::canReturnBorrowed() const
{
    return m_borrowing && !m_serverView.seatId.isEmpty() && m_keeper->state() != LeaseKeeper::State::Stopped;
}

void SimulatedClient::returnBorrowed()
{
    if (!canReturnBorrowed())
        return;
    const QString seatId = m_serverView.seatId;
    m_client->returnBorrowed(seatId, m_returnSecret, this, [this, seatId](const ReleaseOutcome &outcome) {
        if (std::holds_alternative<outcome::Released>(outcome)) {
            m_borrowedSeatId.clear();
            m_returnSecret = {};
            if (const auto file = borrowedFile())
                file->remove();
            record(TimelineEvent::Kind::Returned, tr("seat %1").arg(seatId.left(8)));
        } else {
            // Not returned: the seat stays counted until the borrow ends, as for a lost laptop.
            const QString message = failureText(outcome);
            record(TimelineEvent::Kind::BeatLost, message);
        }
        m_keeper->release();
        sample();
        Q_EMIT changed();
    });
}

void SimulatedClient::noteActivity(milliseconds ago)
{
    if (ago.count() > 0)
        m_keeper->noteActivity(ago);
    else
        m_keeper->noteActivity();
}

void SimulatedClient::cutNetwork(milliseconds duration)
{
    if (duration.count() <= 0)
        return;
    m_cutUntil = m_base.monotonic() + duration;
    m_client->setNetworkCut(true);
    record(TimelineEvent::Kind::NetworkCut, tr("for %1").arg(formatDuration(duration)));
}

bool SimulatedClient::isNetworkCut() const
{
    return m_client->isNetworkCut();
}

milliseconds SimulatedClient::networkCutRemaining() const
{
    if (!m_cutUntil)
        return milliseconds {0};
    return std::max(milliseconds {0}, *m_cutUntil - m_base.monotonic());
}

SimulatedClient::Belief SimulatedClient::belief() const
{
    switch (m_keeper->state()) {
    case LeaseKeeper::State::Idle:
        return Belief::NotStarted;
    case LeaseKeeper::State::Acquiring:
    case LeaseKeeper::State::Waiting: // in line (SimulatedClientSpec::waitInLine): not acting yet
        return m_seatIds.isEmpty() ? Belief::Acquiring : Belief::Lapsed;
    case LeaseKeeper::State::Holding:
        return m_keeper->isActing() ? Belief::Acting : Belief::Lapsed;
    case LeaseKeeper::State::Degraded:
        return Belief::Degraded;
    case LeaseKeeper::State::Stopped:
        return Belief::Stopped;
    }
    return Belief::NotStarted;
}

bool SimulatedClient::believesLeaseLive() const
{
    if (!m_keeper->lease())
        return false;
    const QDateTime believed = m_keeper->believedExpiry();
    return believed.isValid() && m_clock.now() <= believed;
}

void SimulatedClient::setServerView(const ServerSeatView &view)
{
    if (view == m_serverView)
        return;
    m_serverView = view;
    sample();
    Q_EMIT changed();
}

void SimulatedClient::endNetworkCut()
{
    if (!m_cutUntil && !m_client->isNetworkCut())
        return;
    m_cutUntil.reset();
    m_client->setNetworkCut(false);
    record(TimelineEvent::Kind::NetworkBack);
}

void SimulatedClient::tick()
{
    if (m_cutUntil && m_base.monotonic() >= *m_cutUntil)
        endNetworkCut();
    if (m_started)
        m_keeper->evaluate();
    sample();
}

void SimulatedClient::record(TimelineEvent::Kind kind, const QString &detail)
{
    TimelineEvent event;
    event.kind = kind;
    event.at = m_base.now();
    event.localTime = m_clock.now();
    event.detail = detail;
    m_events.append(event);
    sample();
    Q_EMIT eventAdded(event);
    Q_EMIT changed();
}

void SimulatedClient::noteLease(const SeatLease &lease)
{
    m_received.append(lease);
    if (!m_seatIds.contains(lease.seatId))
        m_seatIds.append(lease.seatId);
    m_checkouts = static_cast<int>(m_seatIds.size());
    // The lease is the server's own signed word: it counts the seat at least until this expiry.
    ServerSeatView view = m_serverView;
    view.state = ServerSeatView::State::Live;
    view.seatId = lease.seatId;
    view.expiresAt = lease.expiresAt;
    view.countedUntil = lease.expiresAt.addMSecs(m_skew.count());
    if (view.seatId != m_serverView.seatId)
        view.reapableAt = {};
    m_serverView = view;
}

void SimulatedClient::sample()
{
    Sample s;
    s.at = m_base.now();
    s.belief = belief();
    const auto state = m_serverView.state;
    s.serverCounts = (state == ServerSeatView::State::Live || state == ServerSeatView::State::ExpiredAwaitingReap)
        && m_serverView.countedUntil.isValid() && s.at <= m_serverView.countedUntil;
    s.networkCut = m_client->isNetworkCut();
    if (!m_samples.isEmpty()) {
        const Sample &last = m_samples.constLast();
        if (last.belief == s.belief && last.serverCounts == s.serverCounts && last.networkCut == s.networkCut)
            return;
    }
    // A long demo must not grow without bound; the strip shows a couple of minutes at most.
    constexpr qsizetype maxSamples = 4000;
    if (m_samples.size() >= maxSamples)
        m_samples.remove(0, maxSamples / 4);
    m_samples.append(s);
}

} // namespace keyright
