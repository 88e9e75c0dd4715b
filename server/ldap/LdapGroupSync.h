#pragma once

#include "SeatRules.h"
#include "ldap/LdapDirectory.h"
#include "ldap/LdapSettings.h"

#include <QObject>
#include <QThreadPool>
#include <QTimer>

#include <atomic>

namespace keyright {
class Clock;
} // namespace keyright

namespace keyright::server {

class LicenseAdmin;

// Keeps the holder groups that an LDAP directory defines (issue 28) in step with it: every sync
// interval, and once at start, a round of LdapDirectory::fetch runs on a worker thread of its own
// (libldap blocks; the event loop never waits for the directory), and its result is applied back
// on the loop: each group's members become its patterns through LicenseAdmin::putDirectoryGroup,
// which writes (in one unit of the store) only when they changed. When a round or a group's search
// fails, the stored members stay as they were and the failure is recorded as the group's sync
// state, which the groups API answers with (LicenseAdmin::withSources).
//
// Several instances on one database each run their own rounds; the write is idempotent and the
// store serializes it (the group rows are held for the change), so a change in the directory is
// written, and recorded as groups_changed, once.
class LdapGroupSync final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LdapGroupSync)

public:
    LdapGroupSync(LdapSettings settings, LicenseAdmin &licenses, const Clock &clock, QObject *parent = nullptr);
    // Waits for a round in flight (bounded by the settings' timeout per operation).
    ~LdapGroupSync() override;

    // Starts the periodic rounds, the first at once.
    void start();
    // Starts a round now unless one is in flight; false when one was.
    bool syncNow();
    int roundsApplied() const { return m_roundsApplied; }

    // The pattern a directory value stands for, `<value>@<hostPattern>`, or empty when the value
    // cannot be the user part of a holder (empty, or holding `@`, a glob character, a space or a
    // control character): such a value would match other holders than the one it names.
    static QString memberPattern(const QString &value, const QString &hostPattern);

Q_SIGNALS:
    // A round's result was applied (the sync state and, where it changed, the stored members).
    void roundApplied();

private:
    void apply(const LdapFetch &fetch);

    const LdapSettings m_settings;
    LicenseAdmin &m_licenses;
    const Clock &m_clock;
    QTimer m_timer;
    QThreadPool m_worker; // one thread: at most one round at a time
    bool m_inFlight = false;
    QDateTime m_roundStartedAt; // on the server's clock, before the round read the directory
    int m_roundsApplied = 0;
};

} // namespace keyright::server
