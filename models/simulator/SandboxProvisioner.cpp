#include "SandboxProvisioner.h"

#include "AdminClient.h"
#include "DashboardSettings.h"
#include "DemoCatalogue.h"

#include <QCryptographicHash>
#include <QRandomGenerator>

#include <algorithm>
#include <memory>
#include <optional>

namespace keyright {

using namespace Qt::StringLiterals;

SandboxProvisioner::SandboxProvisioner(AdminClient &admin, QObject *parent)
    : QObject(parent)
    , m_admin(admin)
    , m_actions(admin)
{ }

SandboxProvisioner::~SandboxProvisioner() = default;

void SandboxProvisioner::ensureLicense(const LicenseSpec &spec, bool haveKey, Ensured done)
{
    m_actions.putLicense(spec, [this, spec, haveKey, done](const AdminResult<LicenseWriteResult> &put) {
        if (!put.ok()) {
            if (put.error.kind == ClientError::Kind::Forbidden || put.error.kind == ClientError::Kind::Unauthorized)
                done(tr("A scenario runs on licenses of its own, which the simulator creates on the server, and "
                        "this connection's token may not create licenses. Connect with an admin token to play "
                        "scenarios; free play works on any license whose key you have."),
                     {});
            else
                done(tr("Could not create the license %1: %2").arg(spec.id, put.error.message), {});
            return;
        }
        if (!m_sandboxLicenses.contains(spec.id))
            m_sandboxLicenses.append(spec.id);
        if (!put.value->key.isEmpty()) {
            done({}, put.value->key.toUtf8());
            return;
        }
        if (haveKey) {
            done({}, {});
            return;
        }
        // It existed before and its key was shown only once: take a new one. The sandbox license
        // belongs to the simulator, so nobody else holds its key.
        m_actions.rotateKey(spec.id, [spec, done](const AdminResult<QString> &rotated) {
            if (!rotated.ok()) {
                done(tr("Could not get a key for the license %1: %2").arg(spec.id, rotated.error.message), {});
                return;
            }
            done({}, rotated.value->toUtf8());
        });
    });
}

void SandboxProvisioner::ensureRules(const QString &licenseId, const SeatRules &rules,
                                     std::function<void(const QString &)> done)
{
    m_admin.rules(licenseId, this, [this, licenseId, rules, done](const AdminResult<SeatRules> &current) {
        if (!current.ok()) {
            done(tr("Could not read the seat rules of %1: %2").arg(licenseId, current.error.message));
            return;
        }
        if (*current.value == rules) {
            done({});
            return;
        }
        m_admin.putRules(licenseId, rules, this, [licenseId, done](const AdminResult<SeatRules> &put) {
            done(put.ok() ? QString() : tr("Could not set the seat rules of %1: %2").arg(licenseId, put.error.message));
        });
    });
}

void SandboxProvisioner::emptyLicense(const QString &licenseId, ReturnBorrowed giveBack, Emptied done)
{
    // Seats an earlier run left behind (a crashed client's, a run cut short) would still count for
    // up to a TTL, or a borrow's days, and change the story: free every live one before the new
    // run starts.
    m_admin.listLeases(licenseId, this, [this, licenseId, giveBack, done](const AdminResult<LeaseList> &list) {
        if (!list.ok()) {
            done(tr("Could not read the seats of %1: %2").arg(licenseId, list.error.message), {});
            return;
        }
        struct Pending
        {
            int requests = 0;
            QString firstError;
            QList<StuckSeat> stuck;
        };
        auto pending = std::make_shared<Pending>();
        const auto finishOne = [pending, done] {
            if (--pending->requests == 0)
                done(pending->firstError, pending->stuck);
        };
        // The loop counts as a request of its own: a give-back that answers at once (a seat with
        // no secret here) must not finish the whole before the other seats are sent.
        ++pending->requests;
        for (const LeaseRow &row : list.value->leases) {
            if (!row.live)
                continue;
            if (row.lease.borrowed) {
                ++pending->requests;
                const StuckSeat seat {licenseId, row.lease.seatId, row.lease.holder, row.lease.expiresAt};
                giveBack(row.lease.seatId,
                         [pending, finishOne, licenseId, seat](GiveBack result, const QString &error) {
                             if (result == GiveBack::NoSecret)
                                 pending->stuck.append(seat);
                             else if (result == GiveBack::Failed && pending->firstError.isEmpty())
                                 pending->firstError = tr("Could not free the seats of %1: %2").arg(licenseId, error);
                             finishOne();
                         });
                continue;
            }
            RevokeRequest request;
            request.licenseId = licenseId;
            request.seatId = row.lease.seatId;
            request.reason = tr("simulator reset");
            ++pending->requests;
            const bool sent = m_actions.revoke(
                request, row.lease.holder, [pending, finishOne, licenseId](const AdminResult<AdminClient::Empty> &r) {
                    // A seat that went away meanwhile is as good as revoked.
                    if (!r.ok() && r.error.kind != ClientError::Kind::NotFound
                        && r.error.kind != ClientError::Kind::Gone && pending->firstError.isEmpty())
                        pending->firstError = tr("Could not free the seats of %1: %2").arg(licenseId, r.error.message);
                    finishOne();
                });
            if (!sent)
                --pending->requests;
        }
        finishOne();
    });
}

QString SandboxProvisioner::sandboxLicenseId(const QString &presetLicenseId, const QString &suffix)
{
    return suffix.isEmpty() ? presetLicenseId : presetLicenseId + u'-' + suffix;
}

bool SandboxProvisioner::isSandboxSuffix(const QString &suffix)
{
    return suffix.size() == 4 && std::all_of(suffix.cbegin(), suffix.cend(), [](QChar c) {
               return (c >= u'a' && c <= u'z') || (c >= u'0' && c <= u'9');
           });
}

QString SandboxProvisioner::derivedSuffix(const QString &suffix, QStringView purpose, int n)
{
    if (n <= 0)
        return suffix;
    const QByteArray digest = QCryptographicHash::hash(
        (suffix + u'/' + purpose.toString() + u'/' + QString::number(n)).toUtf8(), QCryptographicHash::Sha256);
    static constexpr char16_t alphabet[] = u"abcdefghijklmnopqrstuvwxyz0123456789";
    QString derived;
    for (int i = 0; i < 4; ++i)
        derived += QChar(alphabet[quint8(digest.at(i)) % 36]);
    return derived;
}

QString SandboxProvisioner::ownSuffix(DashboardSettings &settings)
{
    QString suffix = settings.value(DashboardSettings::simulatorSandboxSuffix);
    if (isSandboxSuffix(suffix))
        return suffix;
    static constexpr char16_t alphabet[] = u"abcdefghijklmnopqrstuvwxyz0123456789";
    suffix.clear();
    for (int i = 0; i < 4; ++i)
        suffix += QChar(alphabet[QRandomGenerator::system()->bounded(36)]);
    settings.setValue(DashboardSettings::simulatorSandboxSuffix, suffix);
    return suffix;
}

LicenseSpec SandboxProvisioner::sandboxSpec(const ScenarioPreset &preset, const ScenarioPreset::SandboxLicense &sandbox,
                                            const QString &suffix)
{
    using std::chrono::duration_cast;
    using std::chrono::seconds;
    LicenseSpec spec;
    spec.id = sandboxLicenseId(sandbox.id, suffix);
    // The name says what it is in the Seats list, since the server keeps it after the run, and
    // whose dashboard's it is; in English, as every other admin and the CLI read it (a dashboard
    // shows its own language's, sandboxName()).
    const QString title = preset.number >= 1 ? ScenarioPreset::englishTitle(preset.number) : preset.title;
    spec.name
        = suffix.isEmpty() ? u"Simulator sandbox: %1"_s.arg(title) : u"Simulator sandbox %1: %2"_s.arg(suffix, title);
    spec.seatCount = sandbox.seatCount;
    spec.ttlSeconds = std::max<qint64>(10, duration_cast<seconds>(preset.timing.ttl).count());
    spec.skewSeconds = duration_cast<seconds>(sandbox.skew).count();
    spec.reapGraceSeconds
        = std::max<qint64>(spec.skewSeconds + 1, duration_cast<seconds>(preset.timing.reapGrace).count());
    // Always sent, so a policy an earlier run or a person left on a sandbox license goes.
    spec.borrow = sandbox.borrow.value_or(BorrowPolicy {});
    spec.given |= LicenseSpec::Member::Borrow;
    return spec;
}

SeatRules SandboxProvisioner::sandboxRules(const ScenarioPreset::SandboxLicense &sandbox)
{
    SeatRules rules;
    if (sandbox.reclaimIdle)
        rules.reclaimIdle = {*sandbox.reclaimIdle};
    return rules;
}

namespace {

// The preset whose sandbox `licenseId` is, with that sandbox and the suffix of its dashboard (empty
// for the preset's own id).
struct SandboxOf
{
    ScenarioPreset preset;
    ScenarioPreset::SandboxLicense sandbox;
    QString suffix;
};

std::optional<SandboxOf> sandboxOf(const QString &licenseId)
{
    if (!DemoCatalogue::isSandboxLicense(licenseId))
        return std::nullopt;
    for (int number = 1; number <= ScenarioPreset::count; ++number) {
        const auto preset = ScenarioPreset::make(number);
        if (!preset)
            continue;
        for (const ScenarioPreset::SandboxLicense &sandbox : preset->licenses) {
            if (sandbox.id == licenseId)
                return SandboxOf {*preset, sandbox, {}};
            // Another dashboard's own (or this one's): `<id>-<suffix>`.
            if (const QString suffix = licenseId.mid(sandbox.id.size() + 1); licenseId.size() == sandbox.id.size() + 5
                && licenseId.startsWith(sandbox.id) && licenseId.at(sandbox.id.size()) == u'-'
                && SandboxProvisioner::isSandboxSuffix(suffix))
                return SandboxOf {*preset, sandbox, suffix};
        }
    }
    return std::nullopt;
}

} // namespace

QString SandboxProvisioner::sandboxName(const QString &licenseId)
{
    const std::optional<SandboxOf> of = sandboxOf(licenseId);
    if (!of)
        return {};
    return of->suffix.isEmpty()
        ? tr("Simulator sandbox: %1").arg(of->preset.title)
        : tr("Simulator sandbox %1: %2", "a dashboard's suffix, a scenario's title").arg(of->suffix, of->preset.title);
}

QString SandboxProvisioner::sandboxScenario(const QString &licenseId)
{
    const std::optional<SandboxOf> of = sandboxOf(licenseId);
    return of ? of->preset.title : QString();
}

} // namespace keyright
