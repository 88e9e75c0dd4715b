#include "AdminActions.h"

#include "AdminClient.h"
#include "DashboardSession.h"

namespace keyright {

AdminActions::AdminActions(DashboardSession &session, QObject *parent)
    : QObject(parent)
    , m_session(session)
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

AdminActions::~AdminActions() = default;

bool AdminActions::isAvailable() const
{
    return m_session.client() != nullptr;
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
        return AccessRole::Operator;
    case Action::CreateLicense:
    case Action::EditLicense:
    case Action::RotateKey:
    case Action::ListTokens:
    case Action::CreateToken:
    case Action::RevokeToken:
        return AccessRole::Admin;
    }
    return AccessRole::Admin;
}

bool AdminActions::isAllowed(Action action) const
{
    const auto identity = m_session.identity();
    return !identity || roleAllows(identity->role, requiredRole(action));
}

bool AdminActions::revoke(const RevokeRequest &request, const QString &holder)
{
    AdminClient *client = m_session.client();
    if (!client)
        return false;
    const quint64 epoch = begin();
    client->revoke(request, this, [this, epoch, request, holder](const AdminResult<AdminClient::Empty> &result) {
        if (!end(epoch))
            return;
        if (!result.ok()) {
            Q_EMIT failed(Action::Revoke, holder, DashboardSession::describeError(result.error));
            return;
        }
        Q_EMIT revoked(request.licenseId, request.seatId, holder);
        m_session.refresh();
    });
    return true;
}

bool AdminActions::previewReap()
{
    AdminClient *client = m_session.client();
    if (!client)
        return false;
    const quint64 epoch = begin();
    client->reap(true, this, [this, epoch](const AdminResult<ReapResult> &result) {
        if (!end(epoch))
            return;
        if (!result.ok()) {
            Q_EMIT failed(Action::PreviewReap, {}, DashboardSession::describeError(result.error));
            return;
        }
        Q_EMIT reapPreviewed(*result.value);
    });
    return true;
}

bool AdminActions::reap()
{
    AdminClient *client = m_session.client();
    if (!client)
        return false;
    const quint64 epoch = begin();
    client->reap(false, this, [this, epoch](const AdminResult<ReapResult> &result) {
        if (!end(epoch))
            return;
        if (!result.ok()) {
            Q_EMIT failed(Action::Reap, {}, DashboardSession::describeError(result.error));
            return;
        }
        Q_EMIT reaped(result.value->reaped);
        m_session.refresh();
    });
    return true;
}

bool AdminActions::createLicense(const LicenseSpec &spec)
{
    AdminClient *client = m_session.client();
    if (!client)
        return false;
    const quint64 epoch = begin();
    client->putLicense(spec, this, [this, epoch, id = spec.id](const AdminResult<LicenseWriteResult> &result) {
        if (!end(epoch))
            return;
        if (!result.ok()) {
            Q_EMIT failed(Action::CreateLicense, id, DashboardSession::describeError(result.error));
            return;
        }
        m_session.refresh();
        Q_EMIT licenseCreated(id, result.value->key);
    });
    return true;
}

bool AdminActions::editLicense(const LicenseSpec &spec)
{
    AdminClient *client = m_session.client();
    if (!client)
        return false;
    const quint64 epoch = begin();
    client->putLicense(spec, this, [this, epoch, id = spec.id](const AdminResult<LicenseWriteResult> &result) {
        if (!end(epoch))
            return;
        if (!result.ok()) {
            Q_EMIT failed(Action::EditLicense, id, DashboardSession::describeError(result.error));
            return;
        }
        Q_EMIT licenseSaved(result.value->license.id);
        m_session.refresh();
    });
    return true;
}

bool AdminActions::rotateKey(const QString &licenseId)
{
    AdminClient *client = m_session.client();
    if (!client)
        return false;
    const quint64 epoch = begin();
    client->rotateKey(licenseId, this, [this, epoch, licenseId](const AdminResult<QString> &result) {
        if (!end(epoch))
            return;
        if (!result.ok()) {
            Q_EMIT failed(Action::RotateKey, licenseId, DashboardSession::describeError(result.error));
            return;
        }
        Q_EMIT keyRotated(licenseId, *result.value);
    });
    return true;
}

bool AdminActions::listTokens()
{
    AdminClient *client = m_session.client();
    if (!client)
        return false;
    const quint64 epoch = begin();
    client->listTokens(this, [this, epoch](const AdminResult<TokenList> &result) {
        if (!end(epoch))
            return;
        if (!result.ok()) {
            Q_EMIT failed(Action::ListTokens, {}, DashboardSession::describeError(result.error));
            return;
        }
        Q_EMIT tokensListed(*result.value);
    });
    return true;
}

bool AdminActions::createToken(const TokenSpec &spec)
{
    AdminClient *client = m_session.client();
    if (!client)
        return false;
    const quint64 epoch = begin();
    client->createToken(spec, this, [this, epoch, name = spec.name](const AdminResult<CreatedToken> &result) {
        if (!end(epoch))
            return;
        if (!result.ok()) {
            Q_EMIT failed(Action::CreateToken, name, DashboardSession::describeError(result.error));
            return;
        }
        Q_EMIT tokenCreated(result.value->token, result.value->secret);
    });
    return true;
}

bool AdminActions::revokeToken(const QString &name)
{
    AdminClient *client = m_session.client();
    if (!client)
        return false;
    const quint64 epoch = begin();
    client->revokeToken(name, this, [this, epoch, name](const AdminResult<AdminClient::Empty> &result) {
        if (!end(epoch))
            return;
        if (!result.ok()) {
            Q_EMIT failed(Action::RevokeToken, name, DashboardSession::describeError(result.error));
            return;
        }
        Q_EMIT tokenRevoked(name);
        // Revoking the dashboard's own token shows at the next poll.
        m_session.refresh();
    });
    return true;
}

} // namespace keyright
