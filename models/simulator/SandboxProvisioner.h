#pragma once

#include "AdminActions.h"
#include "ScenarioPreset.h"

#include <QByteArrayView>
#include <QDateTime>
#include <QList>
#include <QObject>
#include <QStringList>

#include <functional>

namespace keyright {

class AdminClient;
class DashboardSettings;

// The simulator's sandbox licenses (`sim-...`, declared by each ScenarioPreset): creating one, or
// updating it and taking a new key when it exists from an earlier run, and revoking the seats an
// earlier run left on it. Every change goes through an AdminActions of its own over the
// simulation's admin client; reading the seats is a plain admin read. Simulation decides when
// (Simulation::playPreset) and keeps the keys.
class SandboxProvisioner final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SandboxProvisioner)

public:
    // `admin` must outlive this object.
    explicit SandboxProvisioner(AdminClient &admin, QObject *parent = nullptr);
    ~SandboxProvisioner() override;

    // `error` is empty once the license is on the server with `spec`'s policy; `newKey` is the
    // license's key when one was given out now (a new license, or a rotation because the caller
    // said it has none), else empty.
    using Ensured = std::function<void(const QString &error, QByteArrayView newKey)>;
    // Creates (or updates and, without `haveKey`, re-keys) the license `spec.id`. A token that may
    // not create licenses gets a message saying so.
    void ensureLicense(const LicenseSpec &spec, bool haveKey, Ensured done);
    // Gives the license `licenseId` the seat rules `rules`, unless it has them already (a run
    // sends no rule change the last one made); `done` gets why not, or nothing.
    void ensureRules(const QString &licenseId, const SeatRules &rules, std::function<void(const QString &error)> done);
    // How a borrowed seat's give-back went.
    enum class GiveBack {
        Returned, // given back early (or gone from the server meanwhile)
        NoSecret, // nobody here can give it back: its return secret is not on this computer
        Failed, // the request failed (the network, the key): `error` says why
    };
    // Gives back a borrowed seat early (the server refuses to revoke one) with the return secret
    // the simulation's own client was given (kept in memory and in its borrowed lease file); a
    // seat it has no secret for is left alone (its laptop holds it offline): NoSecret.
    using ReturnBorrowed
        = std::function<void(const QString &seatId, std::function<void(GiveBack result, const QString &error)> done)>;
    // A borrowed seat that stays counted until its expiry because nobody here can give it back
    // (issue 27: only the server's signature moves an expiry, and a borrowed seat is never revoked).
    struct StuckSeat
    {
        QString licenseId;
        QString seatId;
        QString holder;
        QDateTime until; // the end of the borrow
    };
    using Emptied = std::function<void(const QString &error, const QList<StuckSeat> &stuck)>;
    // Frees every live seat of the license `licenseId`: revokes the seats held on site, and gives
    // the borrowed ones back through `giveBack`; `done` gets why not, or nothing, and the borrowed
    // seats that could not be given back (their secret is not here, or the server refused it).
    void emptyLicense(const QString &licenseId, ReturnBorrowed giveBack, Emptied done);

    // The license `sandbox` of `preset`: its seats and skew, the preset's TTL and grace (at least
    // 10 s and the skew + 1 s, the server's bounds), and a name in English that says it is the
    // simulator's.
    // With a dashboard's `suffix`, the license is that dashboard's own (sandboxLicenseId).
    static LicenseSpec sandboxSpec(const ScenarioPreset &preset, const ScenarioPreset::SandboxLicense &sandbox,
                                   const QString &suffix = {});
    // Two dashboards playing the same scenario on one server must not share its sandbox: one's
    // reset would rotate the key and free the seats of the other's run (walk 51b, F11). Each
    // dashboard keeps a short suffix of its own in its settings (ownSuffix) and its sandboxes are
    // `<preset's id>-<suffix>`; without a suffix, the preset's id.
    static QString sandboxLicenseId(const QString &presetLicenseId, const QString &suffix);
    // Four lowercase letters or digits.
    static bool isSandboxSuffix(const QString &suffix);
    // Another suffix made from `suffix`, the same every time for the same `purpose` and `n` (n > 0;
    // n == 0 gives `suffix` back): a second dashboard of one profile uses ("dashboard", 1), and a
    // run whose sandbox keeps a borrowed seat nobody here can give back plays on ("fresh", 1), so
    // neither creates a new license at every start.
    static QString derivedSuffix(const QString &suffix, QStringView purpose, int n);
    // This dashboard's suffix, made up and kept in `settings` the first time.
    static QString ownSuffix(DashboardSettings &settings);
    // The seat rules of the license `sandbox`: its reclaimIdle rule as the default for everyone,
    // or none at all (a sandbox license belongs to the simulator: nobody else's rules are lost).
    static SeatRules sandboxRules(const ScenarioPreset::SandboxLicense &sandbox);
    // The name sandboxSpec() gives the license `licenseId`, in the current language; empty when no
    // scenario plays on it. The server keeps the English one: the dashboard shows this one.
    static QString sandboxName(const QString &licenseId);
    // The scenario part of that name, its title ("11. The borrowed laptop's clock is turned back"),
    // in the current language; empty when no scenario plays on `licenseId`.
    static QString sandboxScenario(const QString &licenseId);
    // The licenses ensureLicense() created or took back, in order.
    QStringList sandboxLicenses() const { return m_sandboxLicenses; }

private:
    AdminClient &m_admin;
    AdminActions m_actions;
    QStringList m_sandboxLicenses;
};

} // namespace keyright
