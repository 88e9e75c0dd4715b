#include "ScenarioPreset.h"

#include "DemoCatalogue.h"

#include <algorithm>
#include <iterator>

namespace keyright {

using namespace Qt::StringLiterals;
using std::chrono::milliseconds;
using Policy = LeaseKeeper::ExpiryPolicy;
using Kind = ScenarioPreset::ActionKind;

namespace {

milliseconds scaled(milliseconds base, double factor)
{
    return milliseconds {static_cast<qint64>(static_cast<double>(base.count()) * factor)};
}

ScenarioPreset::Action act(milliseconds at, int client, Kind kind, milliseconds amount = milliseconds {0})
{
    return ScenarioPreset::Action {at, client, kind, amount};
}

} // namespace

QString ScenarioPreset::tolerantSkewLicenseId()
{
    return sandboxLicenseId(u"skew-tolerant"_s);
}

QString ScenarioPreset::zeroSkewLicenseId()
{
    return sandboxLicenseId(u"skew-zero"_s);
}

QString ScenarioPreset::sandboxLicenseId(const QString &key)
{
    return DemoCatalogue::sandboxLicensePrefix() + key;
}

const ScenarioPreset::SandboxLicense *ScenarioPreset::sandbox(LicenseRole role) const
{
    for (const SandboxLicense &license : licenses) {
        if (license.role == role)
            return &license;
    }
    return nullptr;
}

namespace {

// The titles in English: the server keeps them in the sandbox licenses' names, which every admin and
// `keyright license list` read whatever the language of the dashboard that played (walk 55, 4); the
// interface shows them translated (titles()).
constexpr const char *titleSources[] = {
    QT_TRANSLATE_NOOP("ScenarioPreset", "1. Fast clock"),
    QT_TRANSLATE_NOOP("ScenarioPreset", "2. Slow clock, network cut"),
    QT_TRANSLATE_NOOP("ScenarioPreset", "3. Crash"),
    QT_TRANSLATE_NOOP("ScenarioPreset", "4. Flaky network"),
    QT_TRANSLATE_NOOP("ScenarioPreset", "5. Clock rollback"),
    QT_TRANSLATE_NOOP("ScenarioPreset", "6. Skew tolerance"),
    QT_TRANSLATE_NOOP("ScenarioPreset", "7. The server's clock jumps"),
    QT_TRANSLATE_NOOP("ScenarioPreset", "8. An instance dies"),
    QT_TRANSLATE_NOOP("ScenarioPreset", "9. The idle hog"),
    QT_TRANSLATE_NOOP("ScenarioPreset", "10. A laptop goes on a trip"),
    QT_TRANSLATE_NOOP("ScenarioPreset", "11. The borrowed laptop's clock is turned back"),
};
static_assert(std::size(titleSources) == ScenarioPreset::count);

} // namespace

QStringList ScenarioPreset::titles()
{
    QStringList titles;
    for (const char *source : titleSources)
        titles.append(tr(source));
    return titles;
}

QString ScenarioPreset::englishTitle(int number)
{
    return number >= 1 && number <= count ? QString::fromUtf8(titleSources[number - 1]) : QString();
}

bool ScenarioPreset::jumpsServerClock() const
{
    return std::any_of(actions.cbegin(), actions.cend(),
                       [](const Action &action) { return action.kind == Kind::ServerClockJump; });
}

std::optional<ScenarioPreset> ScenarioPreset::make(int number, QString *why)
{
    return make(number, Timing {}, why);
}

std::optional<ScenarioPreset> ScenarioPreset::make(int number, const Timing &timing, QString *why)
{
    const milliseconds ttl = timing.ttl;
    // The keeper beats at a third of the lease's window; scripted events land just after a beat so
    // each one starts from a freshly renewed lease.
    const milliseconds afterBeat = ttl / 3 + milliseconds {1000};

    ScenarioPreset p;
    p.number = number;
    p.timing = timing;
    if (number >= 1 && number <= count)
        p.title = titles().at(number - 1);
    // The usual case: one license of the preset's own, with a seat to spare, so a client that took two
    // seats would show in the count instead of hiding behind a refusal.
    const auto ownLicense = [&p, &timing](int seats) {
        p.licenses = {{LicenseRole::Main, sandboxLicenseId(p.key), seats, timing.skew, std::nullopt, std::nullopt}};
    };

    switch (number) {
    case 1: {
        p.key = u"fast-clock"_s;
        ownLicense(3);
        const milliseconds fast = scaled(ttl, 0.8);
        p.clients = {{tr("Fast, signed expiry"), fast, Policy::SignedExpiry, LicenseRole::Main, std::nullopt},
                     {tr("Fast, monotonic"), fast, Policy::Monotonic, LicenseRole::Main, std::nullopt}};
        p.actions = {act(milliseconds {0}, 0, Kind::Start), act(milliseconds {0}, 1, Kind::Start)};
        p.duration = ttl * 3;
        p.narration = tr("Both machines run %1 ahead of the server. The signed-expiry client compares the server's "
                         "expiry with its own fast clock, so it decides its lease is over before its next heartbeat: "
                         "it gives the seat back and checks out a new one. Watch the re-acquire marks on its strip: "
                         "each one is an extra checkout, but the old seat is released first, so the server never "
                         "counts two seats for it and the user loses nothing. The monotonic client measures the "
                         "lease with a stopwatch instead of the wall clock and is not affected at all.")
                          .arg(QString::number(fast.count() / 1000.0, 'f', 1) + u" s"_s);
        break;
    }
    case 2: {
        p.key = u"slow-clock"_s;
        ownLicense(3);
        const milliseconds slow = -ttl * 2;
        p.clients = {{tr("Slow, signed expiry"), slow, Policy::SignedExpiry, LicenseRole::Main, std::nullopt},
                     {tr("Slow, monotonic"), slow, Policy::Monotonic, LicenseRole::Main, std::nullopt}};
        p.actions = {act(milliseconds {0}, 0, Kind::Start), act(milliseconds {0}, 1, Kind::Start),
                     act(afterBeat, 0, Kind::CutNetwork, ttl * 4), act(afterBeat, 1, Kind::CutNetwork, ttl * 4)};
        p.duration = afterBeat + ttl * 4;
        p.narration = tr("Both machines run %1 behind the server, and both lose the network just after a heartbeat. "
                         "The server stops counting their seats on time, at the signed expiry plus the skew, whatever "
                         "the clients believe: watch the server column turn to \"expired\" and later \"reaped\". "
                         "The signed-expiry client keeps acting for %1 more, because its slow clock has not reached "
                         "the expiry yet: the red stretch on its strip is time spent working without a seat. The "
                         "monotonic client stops on time.")
                          .arg(QString::number(-slow.count() / 1000) + u" s"_s);
        break;
    }
    case 3: {
        p.key = u"crash"_s;
        ownLicense(3);
        p.clients = {{tr("Crashes"), milliseconds {0}, Policy::Monotonic, LicenseRole::Main, std::nullopt},
                     {tr("Keeps running"), milliseconds {0}, Policy::Monotonic, LicenseRole::Main, std::nullopt}};
        p.actions = {act(milliseconds {0}, 0, Kind::Start), act(milliseconds {0}, 1, Kind::Start),
                     act(afterBeat + milliseconds {1000}, 0, Kind::Crash)};
        p.duration = afterBeat + ttl + timing.skew + timing.reapGrace + milliseconds {10000};
        p.narration = tr("One application crashes without releasing its seat. Nobody tells the server, and nobody "
                         "has to: the seat stays taken only until its signed expiry plus the skew, at most one TTL "
                         "plus the skew after the last heartbeat, then it counts as free again. The row is deleted "
                         "later, after the reap grace, by the server's reaper (it runs every few seconds on the real "
                         "server, so the \"reaped\" mark can come a little after the grace). The other client keeps "
                         "beating undisturbed.");
        break;
    }
    case 4: {
        p.key = u"flaky-network"_s;
        ownLicense(3);
        const milliseconds blip = scaled(ttl, 0.4);
        p.clients
            = {{tr("Flaky, monotonic"), milliseconds {0}, Policy::Monotonic, LicenseRole::Main, std::nullopt},
               {tr("Flaky, signed expiry"), milliseconds {0}, Policy::SignedExpiry, LicenseRole::Main, std::nullopt}};
        p.actions = {act(milliseconds {0}, 0, Kind::Start),           act(milliseconds {0}, 1, Kind::Start),
                     act(afterBeat, 0, Kind::CutNetwork, blip),       act(afterBeat, 1, Kind::CutNetwork, blip),
                     act(afterBeat + ttl, 0, Kind::CutNetwork, blip), act(afterBeat + ttl, 1, Kind::CutNetwork, blip)};
        p.duration = afterBeat + ttl * 2 + blip;
        p.narration = tr("The network drops twice, each time for %1, less than the lease has left to run. Heartbeats "
                         "fail (the \"beat lost\" marks) but the held lease is still live, so the keeper simply tries "
                         "again when the network is back. The application never stops and the server never frees the "
                         "seat: a lost request is not a lost lease.")
                          .arg(QString::number(blip.count() / 1000.0, 'f', 1) + u" s"_s);
        break;
    }
    case 5: {
        p.key = u"rollback"_s;
        // Three seats: the two who roll back, one colleague at work, two colleagues waiting.
        constexpr int seats = 3;
        ownLicense(seats);
        const milliseconds back = std::chrono::minutes {2};
        p.clients = {
            {tr("Rolls back, signed expiry"), milliseconds {0}, Policy::SignedExpiry, LicenseRole::Main, std::nullopt},
            {tr("Rolls back, monotonic"), milliseconds {0}, Policy::Monotonic, LicenseRole::Main, std::nullopt}};
        p.actions = {act(milliseconds {0}, 0, Kind::Start), act(milliseconds {0}, 1, Kind::Start)};
        // Fill the rest of the pool, plus two clients waiting for the first seat that frees up.
        const int fillers = seats - 2 + 2;
        for (int i = 0; i < fillers; ++i) {
            p.clients.append(
                {tr("Colleague %1").arg(i + 1), milliseconds {0}, Policy::Monotonic, LicenseRole::Main, std::nullopt});
            p.actions.append(act(milliseconds {1000}, 2 + i, Kind::Start));
        }
        const milliseconds cut = ttl * 2;
        p.actions.append(act(afterBeat, 0, Kind::CutNetwork, cut));
        p.actions.append(act(afterBeat, 1, Kind::CutNetwork, cut));
        // Before the lease lapses, so the naive rule sees it "extended" by the rollback.
        p.actions.append(act(afterBeat + ttl / 3, 0, Kind::ClockBack, back));
        p.actions.append(act(afterBeat + ttl / 3, 1, Kind::ClockBack, back));
        p.duration = afterBeat + cut + ttl / 2;
        p.narration = tr("The pool is full and two colleagues are waiting for a seat. Two users go offline and set "
                         "their clocks back two minutes, hoping to stretch their leases. The server does not care: it "
                         "frees both seats at the signed expiry plus the skew, and the waiting colleagues take them. "
                         "Offline, the signed-expiry client is fooled and keeps working on its stale lease (red on "
                         "its strip); the monotonic client is not. When the network comes back, the server answers "
                         "\"seat lost\" and refuses a new checkout because the pool is full: only the server's "
                         "signature ever moves an expiry, and no lease it did not sign appears anywhere.");
        break;
    }
    case 6: {
        p.key = u"skew"_s;
        p.licenses = {{LicenseRole::TolerantSkew, tolerantSkewLicenseId(), 1, std::chrono::seconds {sandboxSkewSeconds},
                       std::nullopt, std::nullopt},
                      {LicenseRole::ZeroSkew, zeroSkewLicenseId(), 1, milliseconds {0}, std::nullopt, std::nullopt}};
        const milliseconds slow {-4000};
        p.clients
            = {{tr("Slow, skew 5 s"), slow, Policy::SignedExpiry, LicenseRole::TolerantSkew, std::nullopt},
               {tr("Waiting (skew 5 s)"), milliseconds {0}, Policy::Monotonic, LicenseRole::TolerantSkew, std::nullopt},
               {tr("Slow, skew 0"), slow, Policy::SignedExpiry, LicenseRole::ZeroSkew, std::nullopt},
               {tr("Waiting (skew 0)"), milliseconds {0}, Policy::Monotonic, LicenseRole::ZeroSkew, std::nullopt}};
        p.actions = {act(milliseconds {0}, 0, Kind::Start),        act(milliseconds {0}, 2, Kind::Start),
                     act(milliseconds {1000}, 1, Kind::Start),     act(milliseconds {1000}, 3, Kind::Start),
                     act(afterBeat, 0, Kind::CutNetwork, ttl * 2), act(afterBeat, 2, Kind::CutNetwork, ttl * 2)};
        p.duration = afterBeat + ttl * 2;
        p.narration = tr("Two one-seat licenses, identical except for the skew: 5 s on one, zero on the other. On "
                         "each, a client whose clock is 4 s slow holds the seat and loses its network, and a colleague "
                         "waits for the seat. With a skew of 5 s the server keeps counting the seat for as long as the "
                         "slow client can still be acting, so the colleague only gets it afterwards. With a skew of "
                         "zero the colleague gets the seat while the slow client still works for a few seconds: two "
                         "people on one seat, the double use the skew tolerance is there to absorb.");
        break;
    }
    case 7: {
        p.key = u"server-clock-jump"_s;
        // A full pool and a colleague waiting: a seat freed by mistake would go to the colleague.
        constexpr int seats = 3;
        ownLicense(seats);
        const milliseconds jump = std::chrono::minutes {10};
        for (int i = 0; i < seats; ++i) {
            p.clients.append(
                {tr("Holder %1").arg(i + 1), milliseconds {0}, Policy::Monotonic, LicenseRole::Main, std::nullopt});
            p.actions.append(act(milliseconds {0}, i, Kind::Start));
        }
        p.clients.append(
            {tr("Waiting colleague"), milliseconds {0}, Policy::Monotonic, LicenseRole::Main, std::nullopt});
        p.actions.append(act(milliseconds {1000}, seats, Kind::Start));
        // Back first, then forward to the right time again: the server never runs its clock
        // backwards, so a forward jump first would leave it ahead by what it caught up in between
        // (a fifth of the time between the jumps) for good. This way the wall clock only ever
        // returns to where the server already is, and the scenario leaves the server's clock as
        // it found it (ScenarioPlayer also undoes a jump still pending when it stops).
        p.actions.append(act(afterBeat, 0, Kind::ServerClockJump, -jump));
        p.actions.append(act(afterBeat + ttl * 2, 0, Kind::ServerClockJump, jump));
        p.duration = afterBeat + ttl * 4;
        p.narration = tr("Three holders fill the pool and a colleague waits for a seat. Then the server's own clock "
                         "jumps ten minutes back, and later ten minutes forward to the right time again, as when "
                         "someone sets the server's time wrong by hand and then corrects it. Going by its wall clock, "
                         "the server would sign leases ten minutes short while its clock is wrong, and once the clock "
                         "is put right it would think every one of them ran out at once and hand the seats to the "
                         "colleague while their holders still work. It does not: it sees each jump (a \"clock "
                         "jumped\" event), keeps measuring leases with real elapsed time, and never signs an expiry "
                         "earlier than one it already signed. Every holder keeps its seat, the colleague keeps "
                         "waiting, and a crashed holder's seat would still come back one TTL plus the skew after its "
                         "last heartbeat. When the scenario ends or another one starts, the server's clock is where "
                         "it was before.");
        break;
    }
    case 8: {
        p.key = u"instance-dies"_s;
        // Four clients over three instances: two on the first, which is the one to die, so the
        // scripted kill has a busiest instance to pick. A seat to spare, so a seat counted twice
        // would show in the count instead of hiding behind a refusal.
        constexpr int clients = 4;
        p.instances = 3;
        ownLicense(clients + 1);
        for (int i = 0; i < clients; ++i) {
            p.clients.append(
                {tr("Desk %1").arg(i + 1), milliseconds {0}, Policy::Monotonic, LicenseRole::Main, std::nullopt});
            p.actions.append(act(milliseconds {0}, i, Kind::Start));
        }
        // Just after a beat plus a second, so the next beat is the first to find the instance dead.
        const milliseconds kill = afterBeat + milliseconds {1000};
        p.actions.append(act(kill, ScenarioPreset::busiestInstance, Kind::KillInstance));
        p.actions.append(act(kill + ttl * 2, ScenarioPreset::busiestInstance, Kind::ReviveInstance));
        p.duration = kill + ttl * 3;
        p.narration = tr("Three instances of the server share one database, and the four desks are spread over "
                         "them: each row says which instance it talks to. A little later the busiest instance dies, "
                         "as if its process were killed: its port closes and its connections are cut. Each of its "
                         "desks sends its next heartbeat there, finds nobody, and sends the same heartbeat to the "
                         "next instance at once: the row moves (the ⇄ mark on its strip) within one heartbeat, its "
                         "lease never lapses, and the seat count stays where it was: no seat lost, none counted "
                         "twice, because every instance reads the same seats. Later the instance comes back and "
                         "nothing changes: the desks stay where they are. You can also kill and bring back an "
                         "instance yourself with the instance buttons (Ctrl+1 to Ctrl+3); no confirmation is asked, "
                         "this is a sandbox.");
        break;
    }
    case 9: {
        p.key = u"idle-hog"_s;
        // One seat, so the colleague can only get it from the hog; the shortest reclaim the server
        // accepts (a minute idle, a minute's warning), so the room sees it within the session.
        constexpr int warnMinutes = 1;
        p.licenses = {{LicenseRole::Main, sandboxLicenseId(p.key), 1, timing.skew,
                       IdleReclaim {QString(), 1, warnMinutes}, std::nullopt}};
        const std::chrono::seconds patience = std::chrono::minutes {10};
        p.clients = {{tr("Idle hog"), milliseconds {0}, Policy::Monotonic, LicenseRole::Main, std::nullopt},
                     {tr("Colleague"), milliseconds {0}, Policy::Monotonic, LicenseRole::Main, patience}};
        // The hog's application was left open overnight: its last input was two hours ago, which
        // its first heartbeat tells the server. The colleague comes a few seconds later and queues.
        p.actions = {act(milliseconds {0}, 0, Kind::Start), act(milliseconds {0}, 0, Kind::Use, std::chrono::hours {2}),
                     act(milliseconds {3000}, 1, Kind::Start)};
        // The mark comes with the colleague's first ticket heartbeat after the hog's first beat,
        // the seat moves a minute later, and the hog hears of it at its next heartbeat.
        p.duration = afterBeat + std::chrono::minutes {warnMinutes} + ttl * 2;
        p.narration = tr("One seat, and a license that reclaims idle seats: a holder who has done nothing for a "
                         "minute loses the seat to someone waiting, after a minute's warning (a real site would "
                         "rather wait an hour and warn ten minutes ahead). The idle hog's application was left open "
                         "overnight and nobody has touched it for two hours; a few seconds later a colleague starts "
                         "the application and waits in line. The server marks the hog's seat, and the hog's next "
                         "heartbeat brings the warning: its row says when the seat goes (⚠ on its strip), as its "
                         "application would tell its user. Nobody is there to answer. At that time the server takes "
                         "the seat and gives it straight to the colleague: the hog's server column says "
                         "\"reclaimed\" and the colleague's strip turns green. The count never goes above one: the "
                         "seat left the hog before it went to the colleague. At the same moment the hog's keeper stops "
                         "by itself, as its warning said, without waiting for a heartbeat: its strip shows ! and it "
                         "is refused a new seat, since the only seat is taken. Any input before the warned time "
                         "would have kept the seat.");
        break;
    }
    case 10: {
        p.key = u"laptop-trip"_s;
        // Three seats, two of which always stay on site: one laptop may be away at a time.
        constexpr int seats = 3;
        BorrowPolicy policy;
        policy.allowed = true;
        policy.maxDays = 7;
        policy.maxBorrowed = 2;
        policy.keepOnSite = 2;
        p.licenses = {{LicenseRole::Main, sandboxLicenseId(p.key), seats, timing.skew, std::nullopt, policy}};
        p.clients = {{tr("Laptop on a trip"), milliseconds {0}, Policy::Monotonic, LicenseRole::Main, std::nullopt},
                     {tr("Second laptop"), milliseconds {0}, Policy::Monotonic, LicenseRole::Main, std::nullopt},
                     {tr("Office desk 1"), milliseconds {0}, Policy::Monotonic, LicenseRole::Main, std::nullopt},
                     {tr("Office desk 2"), milliseconds {0}, Policy::Monotonic, LicenseRole::Main, std::nullopt}};
        const milliseconds oneDay = std::chrono::hours {24};
        // Away for two TTLs: long past the point where an unrenewed ordinary lease would have gone.
        const milliseconds away = ttl * 2;
        const milliseconds back = milliseconds {1000} + away + milliseconds {1000};
        p.actions = {act(milliseconds {0}, 0, Kind::Borrow, oneDay),
                     act(milliseconds {1000}, 0, Kind::CutNetwork, away),
                     act(milliseconds {2000}, 1, Kind::Borrow, oneDay),
                     act(milliseconds {3000}, 2, Kind::Start),
                     act(milliseconds {3000}, 3, Kind::Start),
                     act(back, 0, Kind::ReturnBorrow),
                     act(back + milliseconds {2000}, 1, Kind::Borrow, oneDay)};
        p.duration = back + milliseconds {6000};
        p.narration = tr("Three seats, and a license that lends them for up to a week but keeps two on site for the "
                         "office. The first laptop borrows a seat for a day and leaves: it goes offline and sends no "
                         "heartbeat, yet the server counts its seat all along (\"borrowed · counted\"), long after an "
                         "ordinary lease would have run out. A second laptop asks to borrow too and is refused, saying "
                         "why on its row: one more borrowed seat would leave fewer than two on site. "
                         "The two office desks still check out: the low-water mark kept their seats. When the first "
                         "laptop comes back early and returns its seat, the server frees it at once (\"returned "
                         "early\") without waiting for the end of the borrow, and the second laptop's next request is "
                         "granted.");
        break;
    }
    case 11: {
        p.key = u"borrowed-clock-back"_s;
        constexpr int seats = 3;
        BorrowPolicy policy;
        policy.allowed = true;
        policy.maxDays = 7;
        policy.maxBorrowed = 1;
        policy.keepOnSite = 0;
        p.licenses = {{LicenseRole::Main, sandboxLicenseId(p.key), seats, timing.skew, std::nullopt, policy}};
        const milliseconds back = std::chrono::minutes {2};
        p.clients
            = {{tr("Borrowed, offline check"), milliseconds {0}, Policy::Monotonic, LicenseRole::Main, std::nullopt},
               {tr("Desk, monotonic"), milliseconds {0}, Policy::Monotonic, LicenseRole::Main, std::nullopt},
               {tr("Desk, signed expiry"), milliseconds {0}, Policy::SignedExpiry, LicenseRole::Main, std::nullopt}};
        const milliseconds cut = ttl * 2;
        const milliseconds turnedBack = afterBeat + ttl / 3;
        // Put right after the desks' leases ran out on the server, so the signed-expiry desk is
        // seen acting on a seat nobody counts any more.
        const milliseconds putRight = turnedBack + ttl;
        p.actions = {act(milliseconds {0}, 0, Kind::Borrow, std::chrono::hours {24})};
        p.actions.append(act(milliseconds {0}, 1, Kind::Start));
        p.actions.append(act(milliseconds {0}, 2, Kind::Start));
        for (int i = 0; i < 3; ++i)
            p.actions.append(act(afterBeat, i, Kind::CutNetwork, cut));
        for (int i = 0; i < 3; ++i)
            p.actions.append(act(turnedBack, i, Kind::ClockBack, back));
        for (int i = 0; i < 3; ++i)
            p.actions.append(act(putRight, i, Kind::SetOffset, milliseconds {0}));
        p.duration = afterBeat + cut + milliseconds {4000};
        p.narration = tr("Three machines go offline and their clocks are turned back two minutes at the same moment, "
                         "then put right. Each row shows one rule's verdict. The borrowed laptop checks its lease "
                         "offline: it remembers the latest time it has seen, and a clock more than the skew behind it "
                         "is a rollback, so it refuses the lease at once, with its sentence, and accepts it again as "
                         "soon as the clock is right (✓). The desk with the monotonic keeper times its lease with a "
                         "stopwatch that no clock change moves: it is not fooled and stops when its lease runs out. "
                         "The desk with the signed-expiry rule of the original design (the lease is live while now ≤ "
                         "expiry + skew, on its own clock) believes its clock: it keeps working after the server has "
                         "taken its seat back (red on its strip) until the clock is put right. For an ordinary lease "
                         "the server still counts honestly; for a borrowed one, days away from any server, the "
                         "rollback guard is the only thing standing between a turned-back clock and a seat kept "
                         "forever.");
        break;
    }
    default:
        if (why)
            *why = tr("There is no scenario %1.").arg(number);
        return std::nullopt;
    }
    return p;
}

} // namespace keyright
