#pragma once

#include "AdminClient.h"
#include "AdminTypes.h"
#include "SeatRules.h"

#include <QObject>

namespace keyright {

class DashboardSession;

// The dashboard's admin commands: revoke a seat, force reap (preview, then confirm), create and
// edit a license, rotate its key, edit holder groups and seat rules, manage access tokens. This
// class sends each command through the session's current admin client, counts what is in flight,
// reports every outcome with a signal, and asks the session for a poll after a change so the
// tables show it. Windows and dialogs call it and show the results; none of them talks to the
// admin client for these, and neither do the simulator (its sandbox licenses) nor the embedded
// demo (its seat rules), which each hold one over an admin client of their own.
//
// A command sent to a server the session has since left is forgotten: its answer is ignored.
class AdminActions final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AdminActions)

public:
    enum class Action {
        Revoke,
        PreviewReap,
        Reap,
        CreateLicense,
        EditLicense,
        RotateKey,
        ListTokens,
        CreateToken,
        RevokeToken,
        ReadRules, // a license's seat rules and the server's holder groups
        EditGroups,
        EditRules,
        EditAlertRules, // PUT /v1/alerts/rules
        EditAlertEndpoints, // add, remove and test alert endpoints, redeliver
        AcknowledgeAlert, // POST /v1/alerts/{alertId}/acknowledge
        WriteOff // POST /v1/licenses/{id}/borrow/{seatId}/write-off (a lost laptop's borrowed seat)
    };
    Q_ENUM(Action)

    // What a command that a caller chains on (revoke, putLicense, rotateKey) hands to its `done`,
    // after the signals: the answer itself, with the error's kind when it failed.
    template <typename T>
    using Done = AdminClient::Callback<T>;

    // The dashboard's: commands go to the session's current admin client.
    explicit AdminActions(DashboardSession &session, QObject *parent = nullptr);
    // Over one admin client that outlives this object, with no session: no poll is asked for after
    // a change, and every action counts as allowed (the server decides). The simulator's sandbox
    // set-up and the embedded demo's seat rules.
    explicit AdminActions(AdminClient &client, QObject *parent = nullptr);
    ~AdminActions() override;

    // False while the session has no server; every command then returns false and sends nothing.
    bool isAvailable() const;
    bool isBusy() const { return m_inFlight > 0; }
    int inFlight() const { return m_inFlight; }

    // The role the server asks of each action (docs/API.md, "Who may call what").
    static AccessRole requiredRole(Action action);
    // Whether the session's token may take the action. True while its role is not known yet, and
    // on a server without roles; the server decides in the end (403, reported by failed()).
    bool isAllowed(Action action) const;

    // `holder` names the seat in the outcome.
    bool revoke(const RevokeRequest &request, const QString &holder, Done<AdminClient::Empty> done = {});
    // A borrowed seat whose laptop is lost (issue 27): writtenOff() with the server's answer (the
    // seat stays counted until answer.countedUntil). `holder` names the seat in a failure.
    bool writeOff(const QString &licenseId, const QString &seatId, const QString &note, const QString &holder);
    bool previewReap();
    bool reap();
    bool createLicense(const LicenseSpec &spec);
    bool editLicense(const LicenseSpec &spec);
    // Creates the license, or updates it when it exists (the server's PUT), for a caller that does
    // not know which (the simulator's sandbox licenses): licenseCreated with the new key, or
    // licenseSaved.
    bool putLicense(const LicenseSpec &spec, Done<LicenseWriteResult> done = {});
    bool rotateKey(const QString &licenseId, Done<QString> done = {});
    bool listTokens();
    bool createToken(const TokenSpec &spec);
    bool revokeToken(const QString &name);
    // Reads the server's groups, then the license's rules: rulesLoaded(). loadGroups(): groupsLoaded().
    bool loadRules(const QString &licenseId);
    bool loadGroups();
    bool saveGroups(const QList<HolderGroup> &groups);
    // A license's seat rules alone (the license exists; its groups are on the server): rulesSaved.
    bool saveRules(const QString &licenseId, const SeatRules &rules);
    // Saves a license with its seat rules in the order the server needs them: the groups (when
    // given) first, since the rules may name a new group; then the license (a new one, or a seat
    // count its reservations must fit); then the rules (when given). Each step runs only after
    // the one before succeeded; a refusal is reported by failed() with that step's action and the
    // server's words, and stops there. A new license's key is reported as soon as it exists.
    bool saveLicense(const LicenseSpec &spec, bool create, const std::optional<QList<HolderGroup>> &groups,
                     const std::optional<SeatRules> &rules);

Q_SIGNALS:
    void busyChanged(bool busy);
    void revoked(const QString &licenseId, const QString &seatId, const QString &holder);
    void writtenOff(const keyright::WriteOffAnswer &answer);
    void reapPreviewed(const keyright::ReapResult &preview);
    void reaped(int seats);
    // `key` is shown once (it is only known now).
    void licenseCreated(const QString &licenseId, const QString &key);
    void licenseSaved(const QString &licenseId);
    void keyRotated(const QString &licenseId, const QString &key);
    void tokensListed(const keyright::TokenList &tokens);
    // `secret` is shown once (it is only known now).
    void tokenCreated(const keyright::AccessTokenInfo &token, const QString &secret);
    void tokenRevoked(const QString &name);
    void rulesLoaded(const QString &licenseId, const keyright::SeatRules &rules,
                     const QList<keyright::HolderGroup> &groups);
    void groupsLoaded(const QList<keyright::HolderGroup> &groups);
    void groupsSaved(const QList<keyright::HolderGroup> &groups);
    void rulesSaved(const QString &licenseId, const keyright::SeatRules &rules);
    // `subject` is what the command was about (the holder, the license id; empty for a reap);
    // `message` is for a person (DashboardSession::describeError).
    void failed(keyright::AdminActions::Action action, const QString &subject, const QString &message);

private:
    // Counts the command in; the returned epoch tells its answer whether it is still wanted.
    quint64 begin();
    // Counts it out; false when the answer belongs to a server the session has left.
    bool end(quint64 epoch);
    // The frame every command shares: no client, nothing sent; otherwise counted in, and its answer,
    // if still wanted, either reported by failed() or handed to `succeeded`, then to `done` when
    // given. `send(client, done)` makes the AdminClient call.
    template <typename Result, typename Send, typename Succeeded>
    bool run(Action action, const QString &subject, Send send, Succeeded succeeded, Done<Result> done = {});
    AdminClient *client() const;
    // Asks the session for a poll, so the tables show a change (nothing without a session).
    void refreshView();

    DashboardSession *m_session = nullptr;
    AdminClient *m_client = nullptr; // the fixed client, without a session
    int m_inFlight = 0;
    quint64 m_epoch = 0;
};

} // namespace keyright
