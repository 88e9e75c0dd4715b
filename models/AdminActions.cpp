#include "AdminActions.h"

#include "AdminClient.h"
#include "DashboardSession.h"

namespace keyright {

AdminActions::AdminActions(DashboardSession &session, QObject *parent)
    : QObject(parent)
    , m_session(&session)
{
    // Another server: what was in flight went with the previous admin client.
    connect(&session, &DashboardSession::clientChanged, this, [this] {
        ++m_epoch;
        if (m_inFlight > 0) {
            m_inFlight = 0;
            Q_EMIT busyChanged(false);
        }
    });
}

AdminActions::AdminActions(AdminClient &client, QObject *parent)
    : QObject(parent)
    , m_client(&client)
{ }

AdminActions::~AdminActions() = default;

AdminClient *AdminActions::client() const
{
    return m_session ? m_session->client() : m_client;
}

void AdminActions::refreshView()
{
    if (m_session)
        m_session->refresh();
}

bool AdminActions::isAvailable() const
{
    return client() != nullptr;
}

quint64 AdminActions::begin()
{
    if (m_inFlight++ == 0)
        Q_EMIT busyChanged(true);
    return m_epoch;
}

bool AdminActions::end(quint64 epoch)
{
    if (epoch != m_epoch)
        return false;
    if (--m_inFlight == 0)
        Q_EMIT busyChanged(false);
    return true;
}

AccessRole AdminActions::requiredRole(Action action)
{
    switch (action) {
    case Action::Revoke:
    case Action::PreviewReap:
    case Action::Reap:
    case Action::AcknowledgeAlert:
        return AccessRole::Operator;
    case Action::CreateLicense:
    case Action::EditLicense:
    case Action::RotateKey:
    case Action::ListTokens:
    case Action::CreateToken:
    case Action::RevokeToken:
    case Action::EditGroups:
    case Action::EditRules:
    case Action::EditAlertRules:
    case Action::EditAlertEndpoints:
    case Action::WriteOff:
        return AccessRole::Admin;
    case Action::ReadRules:
        return AccessRole::Viewer;
    }
    return AccessRole::Admin;
}

bool AdminActions::isAllowed(Action action) const
{
    const auto identity = m_session ? m_session->identity() : std::nullopt;
    return !identity || roleAllows(identity->role, requiredRole(action));
}

template <typename Result, typename Send, typename Succeeded>
bool AdminActions::run(Action action, const QString &subject, Send send, Succeeded succeeded, Done<Result> done)
{
    AdminClient *admin = client();
    if (!admin)
        return false;
    const quint64 epoch = begin();
    send(*admin, [this, epoch, action, subject, succeeded, done](const AdminResult<Result> &result) {
        if (!end(epoch))
            return;
        if (!result.ok()) {
            Q_EMIT failed(action, subject, DashboardSession::describeError(result.error));
            // Sent, then no answer: only a fresh poll shows whether it happened.
            if (result.error.mayHaveHappened)
                refreshView();
        } else {
            succeeded(*result.value);
        }
        if (done)
            done(result);
    });
    return true;
}

bool AdminActions::revoke(const RevokeRequest &request, const QString &holder, Done<AdminClient::Empty> done)
{
    return run<AdminClient::Empty>(
        Action::Revoke, holder, [this, request](AdminClient &client, auto sent) { client.revoke(request, this, sent); },
        [this, request, holder](const AdminClient::Empty &) {
            Q_EMIT revoked(request.licenseId, request.seatId, holder);
            refreshView();
        },
        std::move(done));
}

bool AdminActions::writeOff(const QString &licenseId, const QString &seatId, const QString &note, const QString &holder)
{
    return run<WriteOffAnswer>(
        Action::WriteOff, holder,
        [this, licenseId, seatId, note](AdminClient &client, auto sent) {
            client.writeOff(licenseId, seatId, note, this, sent);
        },
        [this](const WriteOffAnswer &answer) {
            Q_EMIT writtenOff(answer);
            refreshView();
        });
}

bool AdminActions::previewReap()
{
    return run<ReapResult>(
        Action::PreviewReap, {}, [this](AdminClient &client, auto done) { client.reap(true, this, done); },
        [this](const ReapResult &preview) { Q_EMIT reapPreviewed(preview); });
}

bool AdminActions::reap()
{
    return run<ReapResult>(
        Action::Reap, {}, [this](AdminClient &client, auto done) { client.reap(false, this, done); },
        [this](const ReapResult &result) {
            Q_EMIT reaped(result.reaped);
            refreshView();
        });
}

bool AdminActions::createLicense(const LicenseSpec &spec)
{
    return run<LicenseWriteResult>(
        Action::CreateLicense, spec.id,
        [this, spec](AdminClient &client, auto done) { client.putLicense(spec, this, done); },
        [this, id = spec.id](const LicenseWriteResult &written) {
            refreshView();
            Q_EMIT licenseCreated(id, written.key);
        });
}

bool AdminActions::editLicense(const LicenseSpec &spec)
{
    return run<LicenseWriteResult>(
        Action::EditLicense, spec.id,
        [this, spec](AdminClient &client, auto done) { client.putLicense(spec, this, done); },
        [this](const LicenseWriteResult &written) {
            Q_EMIT licenseSaved(written.license.id);
            refreshView();
        });
}

bool AdminActions::putLicense(const LicenseSpec &spec, Done<LicenseWriteResult> done)
{
    return run<LicenseWriteResult>(
        Action::CreateLicense, spec.id,
        [this, spec](AdminClient &client, auto sent) { client.putLicense(spec, this, sent); },
        [this, id = spec.id](const LicenseWriteResult &written) {
            refreshView();
            if (written.created)
                Q_EMIT licenseCreated(id, written.key);
            else
                Q_EMIT licenseSaved(id);
        },
        std::move(done));
}

bool AdminActions::rotateKey(const QString &licenseId, Done<QString> done)
{
    return run<QString>(
        Action::RotateKey, licenseId,
        [this, licenseId](AdminClient &client, auto sent) { client.rotateKey(licenseId, this, sent); },
        [this, licenseId](const QString &key) { Q_EMIT keyRotated(licenseId, key); }, std::move(done));
}

bool AdminActions::listTokens()
{
    return run<TokenList>(
        Action::ListTokens, {}, [this](AdminClient &client, auto done) { client.listTokens(this, done); },
        [this](const TokenList &tokens) { Q_EMIT tokensListed(tokens); });
}

bool AdminActions::createToken(const TokenSpec &spec)
{
    return run<CreatedToken>(
        Action::CreateToken, spec.name,
        [this, spec](AdminClient &client, auto done) { client.createToken(spec, this, done); },
        [this](const CreatedToken &created) { Q_EMIT tokenCreated(created.token, created.secret); });
}

bool AdminActions::revokeToken(const QString &name)
{
    return run<AdminClient::Empty>(
        Action::RevokeToken, name,
        [this, name](AdminClient &client, auto done) { client.revokeToken(name, this, done); },
        [this, name](const AdminClient::Empty &) {
            Q_EMIT tokenRevoked(name);
            // Revoking the dashboard's own token shows at the next poll.
            refreshView();
        });
}

} // namespace keyright

namespace keyright {

bool AdminActions::loadGroups()
{
    return run<QList<HolderGroup>>(
        Action::ReadRules, {}, [this](AdminClient &client, auto done) { client.groups(this, done); },
        [this](const QList<HolderGroup> &groups) { Q_EMIT groupsLoaded(groups); });
}

bool AdminActions::loadRules(const QString &licenseId)
{
    return run<QList<HolderGroup>>(
        Action::ReadRules, licenseId, [this](AdminClient &client, auto done) { client.groups(this, done); },
        [this, licenseId](const QList<HolderGroup> &groups) {
            run<SeatRules>(
                Action::ReadRules, licenseId,
                [this, licenseId](AdminClient &client, auto done) { client.rules(licenseId, this, done); },
                [this, licenseId, groups](const SeatRules &rules) { Q_EMIT rulesLoaded(licenseId, rules, groups); });
        });
}

bool AdminActions::saveGroups(const QList<HolderGroup> &groups)
{
    return run<QList<HolderGroup>>(
        Action::EditGroups, {},
        [this, groups](AdminClient &client, auto done) { client.putGroups(groups, this, done); },
        [this](const QList<HolderGroup> &saved) {
            Q_EMIT groupsSaved(saved);
            refreshView();
        });
}

bool AdminActions::saveRules(const QString &licenseId, const SeatRules &rules)
{
    return run<SeatRules>(
        Action::EditRules, licenseId,
        [this, licenseId, rules](AdminClient &client, auto done) { client.putRules(licenseId, rules, this, done); },
        [this, licenseId](const SeatRules &saved) {
            Q_EMIT rulesSaved(licenseId, saved);
            refreshView();
        });
}

bool AdminActions::saveLicense(const LicenseSpec &spec, bool create, const std::optional<QList<HolderGroup>> &groups,
                               const std::optional<SeatRules> &rules)
{
    const auto saveRules = [this, spec, create, rules] {
        if (!rules) {
            if (!create)
                Q_EMIT licenseSaved(spec.id);
            return;
        }
        run<SeatRules>(
            Action::EditRules, spec.id,
            [this, id = spec.id, r = *rules](AdminClient &client, auto done) { client.putRules(id, r, this, done); },
            [this, spec, create](const SeatRules &saved) {
                Q_EMIT rulesSaved(spec.id, saved);
                if (!create)
                    Q_EMIT licenseSaved(spec.id);
                refreshView();
            });
    };
    const auto saveSpec = [this, spec, create, saveRules] {
        return run<LicenseWriteResult>(
            create ? Action::CreateLicense : Action::EditLicense, spec.id,
            [this, spec](AdminClient &client, auto done) { client.putLicense(spec, this, done); },
            [this, spec, create, saveRules](const LicenseWriteResult &written) {
                // The tables show the license even if its rules are refused next.
                refreshView();
                // Shown once, so shown now: a refusal of the rules must not lose the new key.
                if (create)
                    Q_EMIT licenseCreated(spec.id, written.key);
                saveRules();
            });
    };
    if (!groups)
        return saveSpec();
    return run<QList<HolderGroup>>(
        Action::EditGroups, spec.id,
        [this, g = *groups](AdminClient &client, auto done) { client.putGroups(g, this, done); },
        [this, saveSpec](const QList<HolderGroup> &saved) {
            Q_EMIT groupsSaved(saved);
            saveSpec();
        });
}

} // namespace keyright
