#include "alerts/AlertEvaluator.h"

#include "Clock.h"
#include "LeasePredicate.h"
#include "SeatRules.h"
#include "alerts/WebhookDeliverer.h"
#include "wire/EventActor.h"
#include "wire/EventDetail.h"

#include <QHash>
#include <QLoggingCategory>
#include <QSet>

#include <algorithm>
#include <map>
#include <optional>
#include <tuple>

using namespace Qt::StringLiterals;

namespace keyright::server {

Q_LOGGING_CATEGORY(lcAlerts, "keyright.server.alerts")

namespace {

constexpr qint64 minuteMs = 60 * 1000;

// What a rule is measured over: a license (with a notice day for validity_ending), an instance
// (instance_silent), or the server.
struct Subject
{
    QString key; // StoredAlertTrack::subject
    QString licenseId;
    int noticeDays = -1;
    StoredInstance instance = {}; // instance_silent: its row
};

// Reads what the rules measure, once per license per evaluation, inside the evaluation's unit.
class Measurer
{
public:
    Measurer(LeaseStore &store, const QList<LicenseRecord> &licenses, QList<StoredInstance> instances,
             const QDateTime &now)
        : m_store(store)
        , m_now(now)
        , m_instances(std::move(instances))
    {
        for (const LicenseRecord &license : licenses)
            m_licenses.insert(license.id, license);
    }

    QList<Subject> subjectsOf(const AlertRule &rule) const
    {
        QList<Subject> subjects;
        if (rule.kind == AlertKind::ClockJump)
            return {Subject {}};
        if (rule.kind == AlertKind::InstanceSilent) {
            // Every instance recorded (scope: all of them), the one evaluating included.
            for (const StoredInstance &instance : m_instances)
                subjects.append(Subject {StoredAlertTrack::subjectOfInstance(instance.replicaId), {}, -1, instance});
            return subjects;
        }
        for (auto it = m_licenses.cbegin(); it != m_licenses.cend(); ++it) {
            if (rule.scope == AlertRule::Scope::License && it.key() != rule.scopeName)
                continue;
            if (rule.kind != AlertKind::ValidityEnding) {
                subjects.append(Subject {it.key(), it.key()});
                continue;
            }
            // One alert per notice day; only the tightest notice reached is breached (see measure()).
            for (const int day : rule.noticeDays())
                subjects.append(Subject {StoredAlertTrack::subjectOf(it.key(), day), it.key(), day});
        }
        return subjects;
    }

    AlertMeasure measure(const AlertRule &rule, const Subject &subject)
    {
        switch (rule.kind) {
        case AlertKind::SeatsInUse: {
            const LicenseRecord &license = *m_licenses.constFind(subject.licenseId);
            int inUse = 0;
            for (const StoredLease &row : leases(subject.licenseId)) {
                if (isLive(row.lease, m_now, license.policy.skew()) && admits(rule, row.lease.holder))
                    ++inUse;
            }
            return measureSeatsInUse(rule, inUse, license.policy.seatCount());
        }
        case AlertKind::Denials: {
            const qint64 window = rule.minutes * minuteMs;
            // Any true denial: refused at t, and no seat for that holder by t + window; counted
            // while its window ended within the last `minutes`. Otherwise: every denial in the window.
            const QDateTime from = m_now.addMSecs(rule.threshold == 0 ? -2 * window : -window);
            QList<QDateTime> times;
            QList<EventRecord> refused;
            for (const EventRecord &event : eventsOf(subject.licenseId, denialKinds(), from)) {
                if (!admits(rule, event.holder))
                    continue;
                times.append(event.time);
                refused.append(event);
            }
            int trueDenials = 0;
            if (rule.threshold == 0) {
                const QList<EventRecord> granted = eventsOf(subject.licenseId, {EventKind::Granted}, from);
                for (const EventRecord &denial : refused) {
                    const QDateTime end = denial.time.addMSecs(window);
                    if (end > m_now || end <= m_now.addMSecs(-window))
                        continue;
                    const bool served = std::any_of(granted.cbegin(), granted.cend(), [&](const EventRecord &g) {
                        return g.holder == denial.holder && g.time >= denial.time && g.time <= end;
                    });
                    if (!served)
                        ++trueDenials;
                }
            }
            return measureDenials(rule, times, trueDenials, m_now);
        }
        case AlertKind::WaitingLine: {
            int waiting = 0;
            QDateTime oldest;
            for (const StoredTicket &ticket : m_store.ticketsInLine(subject.licenseId)) {
                if (ticket.granted() || ticket.expiresAt < m_now || !admits(rule, ticket.holder))
                    continue;
                ++waiting;
                if (!oldest.isValid() || ticket.queuedAt < oldest)
                    oldest = ticket.queuedAt;
            }
            return measureWaitingLine(rule, waiting, oldest, m_now);
        }
        case AlertKind::ValidityEnding: {
            const LicenseValidity &validity = m_licenses.constFind(subject.licenseId)->validity;
            // Only the tightest notice reached: at 5 days left the 7-day notice fires, not the 30
            // and 60 ones as well (those that fired earlier resolve).
            return measureValidityEnding(subject.noticeDays, rule.noticeDays(), validity, m_now);
        }
        case AlertKind::ClockJump: {
            QList<QDateTime> jumps;
            for (const EventRecord &event :
                 eventsOf({}, {EventKind::ClockJumped}, m_now.addMSecs(-rule.minutes * minuteMs)))
                jumps.append(event.time);
            return measureClockJump(rule, jumps, m_now);
        }
        case AlertKind::InstanceSilent:
            return measureInstanceSilent(rule, subject.instance.lastSeenAt, m_now);
        }
        return {};
    }

private:
    // Whether a rule scoped to a group counts this holder (every holder otherwise).
    bool admits(const AlertRule &rule, const QString &holder)
    {
        if (rule.scope != AlertRule::Scope::Group)
            return true;
        if (!m_groups) {
            SeatRules none;
            m_groups.emplace(none, m_store.holderGroups());
        }
        return m_groups->inGroup(holder, rule.scopeName);
    }

    const QList<StoredLease> &leases(const QString &licenseId)
    {
        auto found = m_leases.find(licenseId);
        if (found == m_leases.end())
            found = m_leases.emplace(licenseId, m_store.leases(licenseId)).first;
        return found->second;
    }

    QList<EventRecord> eventsOf(const QString &licenseId, const QList<EventKind> &kinds, const QDateTime &since)
    {
        // Bounded: the newest page of the window is enough to count past any threshold a rule
        // may set (EventQuery::maxLimit).
        EventQuery query;
        query.licenseId = licenseId;
        query.kinds = kinds;
        query.since = since;
        query.until = m_now;
        query.limit = EventQuery::maxLimit;
        return m_store.events(query);
    }

    LeaseStore &m_store;
    QDateTime m_now;
    QHash<QString, LicenseRecord> m_licenses;
    QList<StoredInstance> m_instances;
    std::map<QString, QList<StoredLease>> m_leases;
    std::optional<CompiledSeatRules> m_groups;
};

// alert_fired: the numbers measured now. alert_resolved: those the alert fired with, when its
// condition began to hold and when it fired, and when it resolved (walk 51a #15: a resolution
// said "0 against a limit of 75" with no since).
EventRecord changeEvent(const AlertRule &rule, const Subject &subject, const AlertStep &step,
                        const StoredAlertTrack &before, const AlertMeasure &measure, const QDateTime &now)
{
    const bool fired = step.transition == AlertStep::Transition::Fire;
    eventdetail::AlertChange change;
    change.ruleId = rule.id;
    change.kind = rule.kind;
    change.severity = rule.severity;
    change.noticeDays = subject.noticeDays;
    if (fired) {
        change.since = step.track.breachedSince;
        change.firedAt = step.track.firedAt;
        change.value = measure.value;
        change.limit = measure.limit;
    } else {
        // A track written before a firing kept its since across a flap has none: its fired time.
        change.since = before.track.breachedSince.isValid() ? before.track.breachedSince : before.track.firedAt;
        change.firedAt = before.track.firedAt;
        change.resolvedAt = now;
        change.value = before.value;
        change.limit = before.limit;
    }
    change.ends = measure.ends;
    change.endsAt = measure.endsAt;
    if (rule.kind == AlertKind::InstanceSilent) {
        change.instance = subject.instance.replicaId;
        change.instanceUrl = subject.instance.url;
        // When it fired: its last beat. A resolution (it beats again) gives the numbers it fired with.
        if (fired)
            change.lastSeenAt = subject.instance.lastSeenAt;
    }
    return EventRecord {0,
                        now,
                        fired ? EventKind::AlertFired : EventKind::AlertResolved,
                        subject.licenseId,
                        {},
                        {},
                        QString::fromUtf16(alertsActor),
                        change.toJson()};
}

alerts::FiringAlert firingAlertOf(const AlertRule &rule, const StoredAlertTrack &track)
{
    alerts::FiringAlert alert;
    alert.id = track.firedSeq;
    alert.ruleId = rule.id;
    alert.kind = rule.kind;
    alert.severity = rule.severity;
    alert.instance = StoredAlertTrack::instanceOf(track.subject);
    if (alert.instance.isEmpty())
        std::tie(alert.licenseId, alert.noticeDays) = StoredAlertTrack::partsOf(track.subject);
    alert.since = track.track.breachedSince.isValid() ? track.track.breachedSince : track.track.firedAt;
    alert.firedAt = track.track.firedAt;
    alert.value = track.value;
    alert.limit = track.limit;
    alert.acknowledgedBy = track.acknowledgedBy;
    alert.acknowledgedAt = track.acknowledgedAt;
    alert.note = track.note;
    return alert;
}

// validity_ending: which date of the license the alert is about, read from the license as it is now.
void nameValidityDate(alerts::FiringAlert &alert, const AlertRule &rule, const QList<LicenseRecord> &licenses,
                      const QDateTime &now)
{
    if (rule.kind != AlertKind::ValidityEnding || alert.noticeDays < 0)
        return;
    for (const LicenseRecord &license : licenses) {
        if (license.id != alert.licenseId)
            continue;
        const AlertMeasure measure = measureValidityEnding(alert.noticeDays, rule.noticeDays(), license.validity, now);
        alert.ends = measure.ends;
        alert.endsAt = measure.endsAt;
        if (measure.ends != ValidityBound::None)
            alert.value = measure.value;
        return;
    }
}

// The seq of the alert_fired event that started a firing recorded before alerts had ids (0 when
// the audit log no longer has it).
qint64 firedSeqOf(LeaseStore &store, const AlertRule &rule, const Subject &subject, const AlertTrack &track,
                  const QDateTime &now)
{
    EventQuery query;
    query.licenseId = subject.licenseId;
    query.kinds = {EventKind::AlertFired};
    query.since = track.firedAt;
    query.until = now;
    query.limit = EventQuery::maxLimit;
    for (const EventRecord &event : store.events(query)) {
        const auto change = eventdetail::AlertChange::fromJson(event.detail);
        if (event.licenseId == subject.licenseId && change.ruleId == rule.id && change.noticeDays == subject.noticeDays)
            return event.seq;
    }
    return 0;
}

} // namespace

AlertEvaluator::AlertEvaluator(LeaseStore &store, const Clock &clock, QObject *parent)
    : QObject(parent)
    , m_store(store)
    , m_clock(clock)
{
    connect(&m_timer, &QTimer::timeout, this, [this] {
        try {
            evaluate();
        } catch (const StoreError &failure) {
            // The next tick tries again; nothing of this one was kept.
            qCWarning(lcAlerts, "cannot evaluate the alert rules: %s", failure.what());
        }
    });
}

QList<EventRecord> AlertEvaluator::evaluate()
{
    QList<EventRecord> recorded;
    m_store.withStore([&] {
        recorded.clear(); // a unit retried after a conflict starts afresh
        const QDateTime now = m_clock.now();
        m_store.lockAlerts(now);
        // An instance silent for longer than the forget age is forgotten (a decommissioned one
        // does not fire forever); its alerts resolve below, saying so.
        QList<StoredInstance> instances = m_store.instances();
        QSet<QString> forgotten;
        for (auto it = instances.begin(); it != instances.end();) {
            if (it->lastSeenAt.msecsTo(now) > m_instanceForgetMs) {
                m_store.removeInstance(it->replicaId);
                forgotten.insert(it->replicaId);
                it = instances.erase(it);
            } else {
                ++it;
            }
        }
        const QList<AlertRule> rules = m_store.alertRules();
        if (rules.isEmpty())
            return;
        std::map<std::pair<QString, QString>, StoredAlertTrack> tracks;
        for (const StoredAlertTrack &track : m_store.alertTracks())
            tracks.emplace(std::pair {track.ruleId, track.subject}, track);
        Measurer measurer(m_store, m_store.licenses(), instances, now);
        for (const AlertRule &rule : rules) {
            const QList<Subject> subjects = measurer.subjectsOf(rule);
            if (rule.kind == AlertKind::InstanceSilent) {
                // The alerts of instances gone (stopped gracefully, or forgotten) resolve at once.
                for (auto it = tracks.lower_bound({rule.id, QString()});
                     it != tracks.end() && it->first.first == rule.id; ++it) {
                    const StoredAlertTrack &previous = it->second;
                    const QString replicaId = StoredAlertTrack::instanceOf(previous.subject);
                    if (replicaId.isEmpty() || std::any_of(subjects.cbegin(), subjects.cend(), [&](const Subject &s) {
                            return s.key == previous.subject;
                        }))
                        continue;
                    const AlertStep step = endAlert(previous.track);
                    if (step.transition == AlertStep::Transition::Resolve) {
                        const Subject gone {previous.subject, {}, -1, StoredInstance {replicaId, {}, {}, {}}};
                        EventRecord event = changeEvent(rule, gone, step, previous, AlertMeasure {}, now);
                        auto change = eventdetail::AlertChange::fromJson(event.detail);
                        change.instanceGone
                            = forgotten.contains(replicaId) ? InstanceGone::Forgotten : InstanceGone::Stopped;
                        event.detail = change.toJson();
                        event.seq = m_store.appendEvent(event);
                        WebhookDeliverer::queueAlert(m_store, event);
                        recorded.append(event);
                    }
                    m_store.deleteAlertTrack(rule.id, previous.subject);
                }
            }
            for (const Subject &subject : subjects) {
                const AlertMeasure measure = measurer.measure(rule, subject);
                const auto found = tracks.find({rule.id, subject.key});
                const bool stored = found != tracks.end();
                const StoredAlertTrack previous
                    = stored ? found->second : StoredAlertTrack {rule.id, subject.key, {}, 0, 0};
                const AlertStep step = stepAlert(rule, previous.track, measure, now, m_clearMs);
                StoredAlertTrack next = previous;
                next.track = step.track;
                // A firing alert keeps the numbers it fired with, as its alert_fired event has them
                // (walk 51a #12: "100 % in use" with nobody left).
                if (measure.breached && !previous.track.firing()) {
                    next.value = measure.value;
                    next.limit = measure.limit;
                }
                if (!next.track.firing()) {
                    // A resolved alert forgets its id and acknowledgement: a new firing is a new alert.
                    next.firedSeq = 0;
                    next.acknowledgedBy.clear();
                    next.acknowledgedAt = {};
                    next.note.clear();
                } else if (next.firedSeq == 0 && step.transition == AlertStep::Transition::None) {
                    next.firedSeq = firedSeqOf(m_store, rule, subject, next.track, now);
                }
                if (step.transition != AlertStep::Transition::None) {
                    EventRecord event = changeEvent(rule, subject, step, previous, measure, now);
                    event.seq = m_store.appendEvent(event);
                    if (step.transition == AlertStep::Transition::Fire)
                        next.firedSeq = event.seq;
                    // In the same unit: a transition recorded is queued to every endpoint, once.
                    WebhookDeliverer::queueAlert(m_store, event);
                    recorded.append(event);
                }
                if (!next.track.firing() && !next.track.breachedSince.isValid()) {
                    if (stored)
                        m_store.deleteAlertTrack(rule.id, subject.key);
                } else if (!stored || !(next == previous)) {
                    m_store.putAlertTrack(next);
                }
            }
        }
    });
    return recorded;
}

QList<AlertRule> AlertEvaluator::rules()
{
    QList<AlertRule> rules;
    m_store.withStore([&] { rules = m_store.alertRules(); });
    return rules;
}

bool AlertEvaluator::setRules(const QList<AlertRule> &rules, ValidationError *error)
{
    for (qsizetype i = 0; i < rules.size(); ++i) {
        if (!isEvaluated(rules.at(i).kind)) {
            if (error)
                *error = ValidationError {u"rules[%1].kind"_s.arg(i),
                                          u"rules[%1].kind %2 is not evaluated by this server"_s.arg(i).arg(
                                              alerts::toWire(rules.at(i).kind))};
            return false;
        }
    }
    m_store.withStore([&] {
        // After any evaluation in progress, so that it does not write tracks of rules just removed.
        m_store.lockAlerts(m_clock.now());
        m_store.putAlertRules(rules);
    });
    return true;
}

QList<alerts::FiringAlert> AlertEvaluator::firing()
{
    QList<alerts::FiringAlert> firing;
    m_store.withStore([&] {
        firing.clear();
        std::map<std::pair<QString, QString>, StoredAlertTrack> tracks;
        for (const StoredAlertTrack &track : m_store.alertTracks())
            tracks.emplace(std::pair {track.ruleId, track.subject}, track);
        const QDateTime now = m_clock.now();
        std::optional<QList<LicenseRecord>> licenses;
        std::optional<QList<StoredInstance>> instances;
        for (const AlertRule &rule : m_store.alertRules()) {
            for (auto it = tracks.lower_bound({rule.id, QString()}); it != tracks.end() && it->first.first == rule.id;
                 ++it) {
                const StoredAlertTrack &track = it->second;
                if (!track.track.firing())
                    continue;
                alerts::FiringAlert alert = firingAlertOf(rule, track);
                if (rule.kind == AlertKind::ValidityEnding) {
                    if (!licenses)
                        licenses = m_store.licenses();
                    nameValidityDate(alert, rule, *licenses, now);
                }
                if (rule.kind == AlertKind::InstanceSilent) {
                    // Where it listens and when it was last seen, as its row says now.
                    if (!instances)
                        instances = m_store.instances();
                    for (const StoredInstance &instance : *instances) {
                        if (instance.replicaId == alert.instance) {
                            alert.instanceUrl = instance.url;
                            alert.lastSeenAt = instance.lastSeenAt;
                        }
                    }
                }
                firing.append(alert);
            }
        }
    });
    return firing;
}

AlertEvaluator::Acknowledgement AlertEvaluator::acknowledge(qint64 alertId, const QString &actor, const QString &note)
{
    using Result = Acknowledgement::Result;
    Acknowledgement outcome;
    m_store.withStore([&] {
        outcome = {};
        const QDateTime now = m_clock.now();
        // After any evaluation in progress, so that neither writes over the other's track.
        m_store.lockAlerts(now);
        const QList<AlertRule> rules = m_store.alertRules();
        const QList<StoredAlertTrack> tracks = m_store.alertTracks();
        auto found = std::find_if(tracks.cbegin(), tracks.cend(),
                                  [&](const StoredAlertTrack &t) { return t.track.firing() && t.firedSeq == alertId; });
        if (found == tracks.cend()) {
            // No firing alert has this id: it is an alert's that resolved, one that fired before
            // alerts had ids (its track does not know the id yet), or no alert's at all.
            EventQuery query;
            query.after = alertId - 1;
            query.kinds = {EventKind::AlertFired};
            query.limit = 1;
            const QList<EventRecord> fired = m_store.events(query);
            if (fired.isEmpty() || fired.first().seq != alertId)
                return; // NotFound
            const auto change = eventdetail::AlertChange::fromJson(fired.first().detail);
            const QString subject = StoredAlertTrack::subjectOf(fired.first().licenseId, change.noticeDays);
            found = std::find_if(tracks.cbegin(), tracks.cend(), [&](const StoredAlertTrack &t) {
                return t.track.firing() && t.firedSeq == 0 && t.ruleId == change.ruleId && t.subject == subject
                    && t.track.firedAt == change.firedAt;
            });
            if (found == tracks.cend()) {
                outcome.result = Result::NotFiring;
                outcome.alert.id = alertId;
                outcome.alert.ruleId = change.ruleId;
                outcome.alert.kind = change.kind;
                outcome.alert.severity = change.severity;
                outcome.alert.licenseId = fired.first().licenseId;
                outcome.alert.noticeDays = change.noticeDays;
                outcome.alert.firedAt = change.firedAt;
                return;
            }
        }
        StoredAlertTrack track = *found;
        track.firedSeq = alertId;
        const auto rule
            = std::find_if(rules.cbegin(), rules.cend(), [&](const AlertRule &r) { return r.id == track.ruleId; });
        if (rule == rules.cend())
            return; // a track outlives its rule only until the rules are saved: no alert
        if (track.acknowledgedAt.isValid()) {
            outcome = {Result::AlreadyAcknowledged, firingAlertOf(*rule, track)};
            return;
        }
        track.acknowledgedBy = actor;
        track.acknowledgedAt = now;
        track.note = note;
        m_store.putAlertTrack(track);
        eventdetail::AlertAcknowledged detail;
        detail.alertId = alertId;
        detail.ruleId = rule->id;
        const auto [licenseId, noticeDays] = StoredAlertTrack::partsOf(track.subject);
        detail.noticeDays = noticeDays;
        detail.note = note;
        m_store.appendEvent(
            EventRecord {0, now, EventKind::AlertAcknowledged, licenseId, {}, {}, actor, detail.toJson()});
        outcome = {Result::Acknowledged, firingAlertOf(*rule, track)};
    });
    return outcome;
}

void AlertEvaluator::start(std::chrono::milliseconds interval)
{
    m_timer.start(interval);
}

void AlertEvaluator::stop()
{
    m_timer.stop();
}

} // namespace keyright::server
