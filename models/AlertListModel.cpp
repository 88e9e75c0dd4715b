#include "AlertListModel.h"

#include "DashboardSession.h"
#include "DemoCatalogue.h"
#include "EventLogModel.h"
#include "wire/EventDetail.h"
#include "wire/EventQuery.h"

#include <QLocale>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace keyright {

namespace {

// Pages of alert events read at connection: 10 000 alerts in seven days is far beyond a sane rule set.
constexpr int historyPages = 10;

int severityRank(AlertSeverity severity)
{
    switch (severity) {
    case AlertSeverity::Critical:
        return 0;
    case AlertSeverity::Warning:
        return 1;
    case AlertSeverity::Info:
        return 2;
    }
    return 3;
}

QString timeText(const QDateTime &time)
{
    return QLocale().toString(time.toLocalTime(), QLocale::ShortFormat);
}

} // namespace

AlertListModel::AlertListModel(DashboardSession &session, QObject *parent)
    : QAbstractTableModel(parent)
    , m_session(session)
{
    connect(&session, &DashboardSession::clientChanged, this, &AlertListModel::reset);
    connect(&session, &DashboardSession::polled, this, &AlertListModel::refresh);
    connect(&session, &DashboardSession::eventsArrived, this, &AlertListModel::noteEvents);
    reset();
}

AlertListModel::~AlertListModel() = default;

int AlertListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int AlertListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant AlertListModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() < 0 || index.row() >= m_rows.size())
        return {};
    const AlertRow &row = m_rows.at(index.row());
    switch (role) {
    case KeyRole:
        return row.key;
    case FiringRole:
        return row.firing();
    case LicenseIdRole:
        return row.licenseId;
    case SeverityRole:
        return int(row.severity);
    case AcknowledgedRole:
        return row.acknowledged();
    case AlertIdRole:
        return row.alertId;
    case SortRole:
        switch (index.column()) {
        case SeverityColumn:
            return severityRank(row.severity);
        case SinceColumn:
            return row.since;
        case StateColumn:
            return row.resolvedAt;
        default:
            return data(index, Qt::DisplayRole);
        }
    case Qt::ForegroundRole:
        if (index.column() == SeverityColumn)
            return StatePalette::colour(row.firing() ? severityRole(row.severity) : StatePalette::Muted);
        if (index.column() == StateColumn && row.firing())
            return StatePalette::colour(row.acknowledged() ? StatePalette::Muted : severityRole(row.severity));
        return {};
    case Qt::ToolTipRole:
        if (index.column() == StateColumn && row.firing() && row.acknowledged())
            return row.note.isEmpty()
                ? tr("Acknowledged by %1 at %2.").arg(row.acknowledgedBy, timeText(row.acknowledgedAt))
                : tr("Acknowledged by %1 at %2: %3").arg(row.acknowledgedBy, timeText(row.acknowledgedAt), row.note);
        if (index.column() == AlertColumn || index.column() == LicenseColumn)
            if (row.licenseId.isEmpty())
                return row.sentence;
        return row.kind == AlertKind::Denials
            ? tr("%1\nDouble-click or press Enter to see the denials of license %2 on the Events page.")
                  .arg(row.sentence, row.licenseId)
            : tr("%1\nDouble-click or press Enter to open license %2 on the Seats page.")
                  .arg(row.sentence, row.licenseId);
        return {};
    case Qt::DisplayRole:
        switch (index.column()) {
        case SeverityColumn:
            return severityLabel(row.severity);
        case AlertColumn:
            return row.sentence;
        case SinceColumn:
            return timeText(row.since);
        case StateColumn:
            if (row.firing() && row.acknowledged())
                return tr("firing, acknowledged by %1 at %2").arg(row.acknowledgedBy, timeText(row.acknowledgedAt));
            return row.firing() ? tr("firing") : tr("resolved at %1").arg(timeText(row.resolvedAt));
        case LicenseColumn:
            return row.licenseId.isEmpty() ? tr("(the server)", "an alert about no license") : row.licenseId;
        default:
            return {};
        }
    default:
        return {};
    }
}

QVariant AlertListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case SeverityColumn:
        return tr("Severity");
    case AlertColumn:
        return tr("Alert");
    case SinceColumn:
        return tr("Fired");
    case StateColumn:
        return tr("State");
    case LicenseColumn:
        return tr("License");
    default:
        return {};
    }
}

int AlertListModel::rowOfKey(const QString &key) const
{
    for (int i = 0; i < m_rows.size(); ++i) {
        if (m_rows.at(i).key == key)
            return i;
    }
    return -1;
}

int AlertListModel::firingCount() const
{
    return int(m_firing.size());
}

std::optional<AlertSeverity> AlertListModel::worstFiring() const
{
    std::optional<AlertSeverity> worst;
    for (const AlertRow &row : m_firing) {
        if (!worst || severityRank(row.severity) < severityRank(*worst))
            worst = row.severity;
    }
    return worst;
}

bool AlertRow::aboutSandbox() const
{
    return DemoCatalogue::isSandboxLicense(licenseId);
}

int AlertListModel::unacknowledgedCount() const
{
    return int(std::count_if(m_firing.cbegin(), m_firing.cend(),
                             [](const AlertRow &row) { return !row.acknowledged() && !row.aboutSandbox(); }));
}

std::optional<AlertSeverity> AlertListModel::worstUnacknowledged() const
{
    std::optional<AlertSeverity> worst;
    for (const AlertRow &row : m_firing) {
        if (!row.acknowledged() && !row.aboutSandbox() && (!worst || severityRank(row.severity) < severityRank(*worst)))
            worst = row.severity;
    }
    return worst;
}

QString AlertListModel::severityLabel(AlertSeverity severity)
{
    switch (severity) {
    case AlertSeverity::Info:
        return tr("info", "alert severity");
    case AlertSeverity::Warning:
        return tr("warning", "alert severity");
    case AlertSeverity::Critical:
        return tr("critical", "alert severity");
    }
    return {};
}

StatePalette::Role AlertListModel::severityRole(AlertSeverity severity)
{
    switch (severity) {
    case AlertSeverity::Info:
        return StatePalette::Accent;
    case AlertSeverity::Warning:
        return StatePalette::Pending;
    case AlertSeverity::Critical:
        return StatePalette::Failed;
    }
    return StatePalette::Muted;
}

QString AlertListModel::kindLabel(AlertKind kind)
{
    switch (kind) {
    case AlertKind::SeatsInUse:
        return tr("seats in use");
    case AlertKind::Denials:
        return tr("denials");
    case AlertKind::WaitingLine:
        return tr("waiting line");
    case AlertKind::ValidityEnding:
        return tr("validity ending");
    case AlertKind::InstanceSilent:
        return tr("instance silent");
    case AlertKind::ClockJump:
        return tr("clock jump");
    }
    return {};
}

QString AlertListModel::keyOf(const QString &ruleId, const QString &licenseId, int noticeDays, const QDateTime &firedAt)
{
    return u"%1|%2|%3|%4"_s.arg(ruleId, licenseId).arg(noticeDays).arg(firedAt.toMSecsSinceEpoch());
}

void AlertListModel::reset()
{
    ++m_epoch;
    m_inFlight = false;
    m_loaded = false;
    m_historyLoaded = false;
    m_firing.clear();
    m_history.clear();
    m_seenSeqs.clear();
    if (!m_rows.isEmpty()) {
        beginResetModel();
        m_rows.clear();
        endResetModel();
        Q_EMIT firingChanged();
    }
    m_historyAsked = false;
    setError({});
}

void AlertListModel::refresh()
{
    AdminClient *client = m_session.client();
    if (!client || m_inFlight)
        return;
    if (!m_historyAsked) {
        // After the connection's first poll, which measured the server's clock: the seven days
        // are the server's.
        m_historyAsked = true;
        fetchHistory(0, historyPages);
    }
    m_inFlight = true;
    const quint64 epoch = m_epoch;
    client->firingAlerts(this, [this, epoch](const AdminResult<QList<alerts::FiringAlert>> &result) {
        if (epoch != m_epoch)
            return;
        m_inFlight = false;
        if (!result.ok()) {
            setError(
                tr("The alerts firing now could not be read: %1").arg(DashboardSession::describeError(result.error)));
            return;
        }
        setError({});
        applyFiring(*result.value);
    });
}

void AlertListModel::retranslate()
{
    const auto say = [](QList<AlertRow> &rows) {
        for (AlertRow &row : rows)
            row.sentence = EventLogModel::alertText(row.change, true);
    };
    say(m_rows);
    say(m_firing);
    for (AlertRow &row : m_history)
        row.sentence = EventLogModel::alertText(row.change, true);
    if (!m_rows.isEmpty())
        Q_EMIT dataChanged(index(0, 0), index(int(m_rows.size()) - 1, ColumnCount - 1));
    Q_EMIT headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
}

void AlertListModel::fetchHistory(qint64 after, int pagesLeft)
{
    AdminClient *client = m_session.client();
    if (!client)
        return;
    EventQuery query;
    query.after = after;
    query.kinds = {EventKind::AlertFired, EventKind::AlertResolved};
    query.since = m_session.serverClock().now().addDays(-historyDays);
    query.limit = EventQuery::maxLimit;
    const quint64 epoch = m_epoch;
    client->events(query, this, [this, epoch, pagesLeft](const AdminResult<EventPage> &result) {
        if (epoch != m_epoch)
            return;
        if (!result.ok()) {
            // The firing list still shows; the history is asked again with the next connection.
            setError(tr("The alerts of the last %n day(s) could not be read: %1", nullptr, historyDays)
                         .arg(DashboardSession::describeError(result.error)));
            m_historyLoaded = true;
            rebuild();
            return;
        }
        noteEvents(result.value->events);
        if (result.value->events.size() >= EventQuery::maxLimit && pagesLeft > 1) {
            fetchHistory(result.value->next, pagesLeft - 1);
            return;
        }
        m_historyLoaded = true;
        rebuild();
    });
}

void AlertListModel::noteEvents(const QList<EventRecord> &events)
{
    bool changed = false;
    for (const EventRecord &event : events) {
        if (event.kind != EventKind::AlertFired && event.kind != EventKind::AlertResolved)
            continue;
        if (m_seenSeqs.contains(event.seq))
            continue;
        m_seenSeqs.insert(event.seq);
        const eventdetail::AlertChange change = eventdetail::AlertChange::fromJson(event.detail);
        const bool fired = event.kind == EventKind::AlertFired;
        const QDateTime firedAt = change.firedAt.isValid() ? change.firedAt : event.time;
        const QString key = keyOf(change.ruleId, change.instance.isEmpty() ? event.licenseId : change.instance,
                                  change.noticeDays, firedAt);
        AlertRow &row = m_history[key];
        if (row.key.isEmpty() || fired) {
            // The firing's own words when it is known; the resolution's until then.
            row.key = key;
            row.ruleId = change.ruleId;
            row.kind = change.kind;
            row.severity = change.severity;
            row.licenseId = event.licenseId;
            row.change = change;
            row.sentence = EventLogModel::alertText(change, true);
            row.since = firedAt;
        }
        if (fired)
            row.seq = event.seq;
        else
            row.resolvedAt = event.time;
        changed = true;
    }
    if (changed && m_historyLoaded)
        rebuild();
}

void AlertListModel::applyFiring(const QList<alerts::FiringAlert> &firing)
{
    QSet<QString> before;
    for (const AlertRow &row : std::as_const(m_firing))
        before.insert(row.key);
    QList<AlertRow> next;
    for (const alerts::FiringAlert &alert : firing) {
        AlertRow row;
        // An instance_silent alert is about an instance, not a license: two instances silent since
        // the same evaluation are two rows.
        row.key = keyOf(alert.ruleId, alert.instance.isEmpty() ? alert.licenseId : alert.instance, alert.noticeDays,
                        alert.firedAt);
        row.ruleId = alert.ruleId;
        row.kind = alert.kind;
        row.severity = alert.severity;
        row.licenseId = alert.licenseId;
        eventdetail::AlertChange change;
        change.ruleId = alert.ruleId;
        change.kind = alert.kind;
        change.severity = alert.severity;
        change.noticeDays = alert.noticeDays;
        change.since = alert.since;
        change.firedAt = alert.firedAt;
        change.value = alert.value;
        change.limit = alert.limit;
        change.ends = alert.ends;
        change.endsAt = alert.endsAt;
        change.instance = alert.instance;
        change.instanceUrl = alert.instanceUrl;
        change.lastSeenAt = alert.lastSeenAt;
        row.change = change;
        row.sentence = EventLogModel::alertText(change, true);
        row.since = alert.firedAt;
        row.alertId = alert.id;
        row.acknowledgedBy = alert.acknowledgedBy;
        row.acknowledgedAt = alert.acknowledgedAt;
        row.note = alert.note;
        next.append(row);
    }
    std::stable_sort(next.begin(), next.end(), [](const AlertRow &a, const AlertRow &b) {
        if (a.severity != b.severity)
            return severityRank(a.severity) < severityRank(b.severity);
        return a.since > b.since;
    });
    const bool first = !m_loaded;
    const bool firingChangedNow = next != m_firing;
    m_firing = next;
    m_loaded = true;
    rebuild();
    if (first) {
        if (!m_firing.isEmpty())
            Q_EMIT firingAtStart(m_firing);
    } else {
        QList<AlertRow> fresh;
        for (const AlertRow &row : std::as_const(m_firing)) {
            if (!before.contains(row.key))
                fresh.append(row);
        }
        if (!fresh.isEmpty())
            Q_EMIT newlyFiring(fresh);
    }
    if (firingChangedNow || first)
        Q_EMIT firingChanged();
}

void AlertListModel::rebuild()
{
    QList<AlertRow> wanted = m_firing;
    QSet<QString> firingKeys;
    for (const AlertRow &row : std::as_const(m_firing))
        firingKeys.insert(row.key);
    QList<AlertRow> recent;
    const QDateTime from = m_session.serverClock().now().addDays(-historyDays);
    for (const AlertRow &row : std::as_const(m_history)) {
        // Still firing: the firing list has it. Fired and not yet resolved but no longer listed:
        // the list is newer than the event (its resolution is on its way).
        if (firingKeys.contains(row.key) || row.firing() || row.since < from)
            continue;
        recent.append(row);
    }
    std::sort(recent.begin(), recent.end(), [](const AlertRow &a, const AlertRow &b) {
        return a.resolvedAt != b.resolvedAt ? a.resolvedAt > b.resolvedAt : a.key < b.key;
    });
    wanted.append(recent);

    // Rows that went, from the back so the numbers before stay valid.
    QSet<QString> wantedKeys;
    for (const AlertRow &row : std::as_const(wanted))
        wantedKeys.insert(row.key);
    for (int i = int(m_rows.size()) - 1; i >= 0; --i) {
        if (!wantedKeys.contains(m_rows.at(i).key)) {
            beginRemoveRows({}, i, i);
            m_rows.removeAt(i);
            endRemoveRows();
        }
    }
    // Then each wanted row in its place: moved there, changed in place, or inserted.
    for (int i = 0; i < wanted.size(); ++i) {
        const AlertRow &want = wanted.at(i);
        int at = -1;
        for (int j = i; j < m_rows.size(); ++j) {
            if (m_rows.at(j).key == want.key) {
                at = j;
                break;
            }
        }
        if (at < 0) {
            beginInsertRows({}, i, i);
            m_rows.insert(i, want);
            endInsertRows();
            continue;
        }
        if (at != i) {
            beginMoveRows({}, at, at, {}, i);
            m_rows.move(at, i);
            endMoveRows();
        }
        if (!(m_rows.at(i) == want)) {
            m_rows[i] = want;
            Q_EMIT dataChanged(index(i, 0), index(i, ColumnCount - 1));
        }
    }
}

void AlertListModel::setError(const QString &text)
{
    if (text == m_error)
        return;
    m_error = text;
    Q_EMIT errorChanged(text);
}

} // namespace keyright
