#include "http/AdminController.h"

#include "Clock.h"
#include "Crypto.h"
#include "LeasePredicate.h"
#include "Metrics.h"
#include "ReclaimDecision.h"
#include "Timestamps.h"
#include "alerts/AlertEvaluator.h"
#include "alerts/AlertSecretBox.h"
#include "alerts/WebhookDeliverer.h"
#include "http/ApiAnswer.h"
#include "http/ApiError.h"
#include "http/RequestParsing.h"
#include "seats/LeaseReaper.h"
#include "seats/LicenseAdmin.h"
#include "seats/SeatService.h"
#include "stats/StatsService.h"
#include "store/SqliteLeaseStore.h"
#include "usage/LedgerReports.h"
#include "usage/UsageReports.h"
#include "wire/BorrowJson.h"
#include "wire/ErrorBody.h"
#include "wire/EventRecord.h"
#include "wire/LeaseList.h"
#include "wire/LicenseSpec.h"
#include "wire/LicenseSummary.h"
#include "wire/ReapResult.h"
#include "wire/SeatRulesJson.h"
#include "wire/StoreBackup.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLoggingCategory>
#include <QScopeGuard>
#include <QStringList>

using namespace Qt::StringLiterals;

namespace keyright::server {

namespace {

Q_LOGGING_CATEGORY(lcBackup, "keyright.server.backup")
Q_LOGGING_CATEGORY(lcAlertEndpoints, "keyright.server.alerts.endpoints")

} // namespace

AdminController::AdminController(SeatService &seats, LicenseAdmin &licenses, LeaseReaper &reaper, Metrics &metrics)
    : m_seats(seats)
    , m_licenses(licenses)
    , m_reaper(reaper)
    , m_metrics(metrics)
{ }

ApiResponse AdminController::handle(const ApiRoute &route, const ApiRequest &request, const QString &actor,
                                    AccessRole role)
{
    using K = ApiRoute::Kind;
    switch (route.kind) {
    case K::ListLicenses:
        return listLicenses();
    case K::PutLicense:
        return putLicense(route, request, actor);
    case K::RotateKey:
        return rotateKey(route, actor);
    case K::ListLeases:
        return listLeases(route);
    case K::Revoke:
        return revoke(route, request, actor);
    case K::Reap:
        return reap(request, actor);
    case K::Events:
        return events(request);
    case K::Metrics:
        return metrics();
    case K::Stats:
        return stats();
    case K::ListGroups:
        return listGroups();
    case K::PutGroups:
        return putGroups(request, actor);
    case K::GetRules:
        return getRules(route);
    case K::PutRules:
        return putRules(route, request, actor);
    case K::Usage:
        return usage(route, request);
    case K::UsageWhatIf:
        return whatIf(route, request);
    case K::Ledger:
        return ledger(route, request);
    case K::Backup:
        return backup(request, actor);
    case K::Alerts:
        return firingAlerts();
    case K::GetAlertRules:
        return getAlertRules();
    case K::PutAlertRules:
        return putAlertRules(request);
    case K::ListAlertEndpoints:
        return listAlertEndpoints(role);
    case K::CreateAlertEndpoint:
        return createAlertEndpoint(request, actor);
    case K::DeleteAlertEndpoint:
        return deleteAlertEndpoint(route, actor);
    case K::TestAlertEndpoint:
        return testAlertEndpoint(route, actor);
    case K::AlertDeliveries:
        return alertDeliveries(request);
    case K::Redeliver:
        return redeliver(route, actor);
    case K::AcknowledgeAlert:
        return acknowledgeAlert(route, request, actor);
    case K::WriteOffBorrowed:
        return writeOff(route, request, actor);
    default:
        break;
    }
    return answer::error(ApiError::notFound(QString::fromUtf16(errorcode::notFound), u"no such route"_s));
}

ApiResponse AdminController::listLicenses()
{
    LicenseList list {m_seats.clock().now(), {}};
    for (const auto &license : m_seats.licenses())
        list.licenses.append(license.toWire());
    return answer::json(200, list.toJson());
}

ApiResponse AdminController::putLicense(const ApiRoute &route, const ApiRequest &request, const QString &actor)
{
    ApiError failure;
    const auto spec = request::parseLicenseSpec(request.body, &failure);
    if (!spec)
        return answer::error(failure);
    const auto result = m_licenses.putLicense(route.licenseId, *spec, actor);
    using O = LicenseAdmin::PutLicenseResult::Outcome;
    switch (result.outcome) {
    case O::Created:
        return answer::json(201, LicenseWriteResult {result.license.toWire(), true, result.key}.toJson());
    case O::Updated:
        return answer::json(200, LicenseWriteResult {result.license.toWire(), false, {}}.toJson());
    case O::Invalid:
        break;
    }
    return answer::error(ApiError::invalid(result.error.field, result.error.message));
}

ApiResponse AdminController::rotateKey(const ApiRoute &route, const QString &actor)
{
    const auto key = m_licenses.rotateKey(route.licenseId, actor);
    if (!key)
        return answer::error(ApiError::licenseNotFound(route.licenseId));
    return answer::json(200, RotatedKey {*key}.toJson());
}

ApiResponse AdminController::listLeases(const ApiRoute &route)
{
    const auto listing = m_seats.leaseListing(route.licenseId);
    if (!listing)
        return answer::error(ApiError::licenseNotFound(route.licenseId));
    LeaseList list;
    list.licenseId = route.licenseId;
    list.serverTime = m_seats.clock().now();
    list.seatCount = listing->license.seatCount;
    list.inUse = listing->license.inUse;
    for (const StoredLease &row : listing->leases)
        list.leases.append(LeaseRow {
            row.lease, isLive(row.lease, list.serverTime, listing->license.skew),
            reapableAt(row.lease.expiresAt, listing->license.reapGrace), false, row.lastActivityAt,
            reclaimMarkStands(row.reclaimMarkedAt, row.lastActivityAt) ? row.reclaimAt : QDateTime(), row.writeOff});
    list.blocks = listing->blocks;
    list.queue = listing->queue;
    list.rules = listing->rules;
    list.groups = m_licenses.withSources(listing->groups);
    return answer::json(200, list.toJson());
}

ApiResponse AdminController::listGroups()
{
    return answer::json(200, seatrules::groupsBodyToJson(m_licenses.groups()));
}

ApiResponse AdminController::putGroups(const ApiRequest &request, const QString &actor)
{
    ApiError failure;
    const auto groups = request::parseGroups(request.body, &failure);
    if (!groups)
        return answer::error(failure);
    const auto result = m_licenses.putGroups(*groups, actor);
    using O = LicenseAdmin::PutGroupsResult::Outcome;
    switch (result.outcome) {
    case O::Saved:
        return answer::json(200, seatrules::groupsBodyToJson(result.saved));
    case O::GroupInUse: {
        QStringList quoted;
        for (const QString &license : result.licenses)
            quoted.append(u"\"%1\""_s.arg(license));
        ApiError inUse {
            409,
            QString::fromUtf16(errorcode::groupInUse),
            u"the group \"%1\" is named by the rules of %2 %3; take it out of those rules first"_s.arg(
                result.group, result.licenses.size() == 1 ? u"license"_s : u"licenses"_s, quoted.join(u", "_s)),
            {},
            errorextra::GroupInUse {result.group, result.licenses}.toJson()};
        return answer::error(inUse);
    }
    case O::Invalid:
        break;
    }
    return answer::error(ApiError::invalid(result.error.field, result.error.message));
}

ApiResponse AdminController::getRules(const ApiRoute &route)
{
    const auto rules = m_licenses.rules(route.licenseId);
    if (!rules)
        return answer::error(ApiError::licenseNotFound(route.licenseId));
    return answer::json(200, seatrules::licenseRulesToJson(route.licenseId, *rules));
}

ApiResponse AdminController::putRules(const ApiRoute &route, const ApiRequest &request, const QString &actor)
{
    ApiError failure;
    const auto rules = request::parseRules(request.body, &failure);
    if (!rules)
        return answer::error(failure);
    const auto result = m_licenses.putRules(route.licenseId, *rules, actor);
    using O = LicenseAdmin::PutRulesResult::Outcome;
    switch (result.outcome) {
    case O::Saved:
        return answer::json(200, seatrules::licenseRulesToJson(route.licenseId, *rules));
    case O::Invalid:
        return answer::error(ApiError::invalid(result.error.field, result.error.message));
    case O::LicenseNotFound:
        break;
    }
    return answer::error(ApiError::licenseNotFound(route.licenseId));
}

ApiResponse AdminController::revoke(const ApiRoute &route, const ApiRequest &request, const QString &actor)
{
    ApiError failure;
    const auto body = request::parseRevoke(request.body, &failure);
    if (!body)
        return answer::error(failure);
    const auto result = m_seats.revoke(route.licenseId, route.seatId, body->reason, body->block, actor);
    using O = SeatService::RevokeResult::Outcome;
    switch (result.outcome) {
    case O::Revoked:
        return answer::noContent();
    case O::SeatNotFound:
        return answer::error(ApiError::notFound(QString::fromUtf16(errorcode::seatNotFound),
                                                u"license \"%1\" has no seat %2"_s.arg(route.licenseId, route.seatId)));
    case O::SeatBorrowed:
        return answer::error(
            ApiError {409,
                      QString::fromUtf16(errorcode::seatBorrowed),
                      u"seat %1 is borrowed until %2: a borrowed seat cannot be revoked, the laptop holds a signed "
                      "lease it checks offline, so the seat stays counted until it is returned or expires"_s.arg(
                          route.seatId, result.borrowedUntil.toUTC().toString(Qt::ISODate)),
                      {},
                      {}});
    case O::LicenseNotFound:
        break;
    }
    return answer::error(ApiError::licenseNotFound(route.licenseId));
}

ApiResponse AdminController::writeOff(const ApiRoute &route, const ApiRequest &request, const QString &actor)
{
    ApiError failure;
    const auto body = request::parseWriteOff(request.body, &failure);
    if (!body)
        return answer::error(failure);
    const auto result = m_seats.writeOff(route.licenseId, route.seatId, body->note, actor);
    using O = SeatService::WriteOffResult::Outcome;
    const auto conflict = [&](const QString &message) {
        return answer::error(ApiError {409, QString::fromUtf16(errorcode::seatNotBorrowed), message, {}, {}});
    };
    switch (result.outcome) {
    case O::WrittenOff:
    case O::AlreadyWrittenOff:
        return answer::json(200,
                            WriteOffAnswer {route.licenseId, route.seatId, result.row.lease.holder,
                                            result.row.lease.expiresAt, result.row.writeOff}
                                .toJson());
    case O::NotBorrowed:
        return conflict(u"seat %1 of \"%2\" (held by %3) is not borrowed: only a borrowed seat can be written off; "
                        "revoke a seat that is not"_s.arg(route.seatId, route.licenseId, result.row.lease.holder));
    case O::BorrowEnded:
        return conflict(u"the borrow of seat %1 of \"%2\" (held by %3) ended at %4: the seat no longer counts, "
                        "there is nothing to write off"_s.arg(route.seatId, route.licenseId, result.row.lease.holder,
                                                              formatTimestamp(result.row.lease.expiresAt)));
    case O::SeatNotFound:
        return answer::error(ApiError::notFound(QString::fromUtf16(errorcode::seatNotFound),
                                                u"license \"%1\" has no seat %2"_s.arg(route.licenseId, route.seatId)));
    case O::LicenseNotFound:
        break;
    }
    return answer::error(ApiError::licenseNotFound(route.licenseId));
}

ApiResponse AdminController::reap(const ApiRequest &request, const QString &actor)
{
    ApiError failure;
    const auto dryRun = request::parseDryRun(request.query, &failure);
    if (!dryRun)
        return answer::error(failure);
    const auto reaped = m_reaper.reap(*dryRun, actor);
    return answer::json(200, ReapResult {*dryRun, int(reaped.size()), reaped}.toJson());
}

ApiResponse AdminController::events(const ApiRequest &request)
{
    ApiError failure;
    const auto query = request::parseEventQuery(request.query, &failure);
    if (!query)
        return answer::error(failure);
    const auto events = m_seats.events(*query);
    return answer::json(200, EventPage {events, events.isEmpty() ? query->after : events.last().seq}.toJson());
}

ApiResponse AdminController::usage(const ApiRoute &route, const ApiRequest &request)
{
    if (!m_usage)
        return answer::error(ApiError::notFound(QString::fromUtf16(errorcode::notFound), u"no such route"_s));
    ApiError failure;
    const auto query = request::parseUsageQuery(request.query, &failure);
    if (!query)
        return answer::error(failure);
    UsageReports::Problem problem = UsageReports::Problem::None;
    QString detail;
    const auto report = m_usage->report(route.licenseId, *query, &problem, &detail);
    if (problem == UsageReports::Problem::LicenseNotFound)
        return answer::error(ApiError::licenseNotFound(route.licenseId));
    if (problem == UsageReports::Problem::FromInTheFuture)
        return answer::error(ApiError::invalid(u"from"_s, detail));
    if (!report)
        return answer::error(ApiError::invalid(u"step"_s, detail));
    return answer::json(200, report->toJson());
}

ApiResponse AdminController::whatIf(const ApiRoute &route, const ApiRequest &request)
{
    if (!m_usage)
        return answer::error(ApiError::notFound(QString::fromUtf16(errorcode::notFound), u"no such route"_s));
    ApiError failure;
    const auto query = request::parseUsageQuery(request.query, &failure);
    if (!query)
        return answer::error(failure);
    auto job = m_usage->whatIfJob(route.licenseId, *query);
    if (!job)
        return answer::error(ApiError::licenseNotFound(route.licenseId));
    // The replays take up to a second for a large license's months: computed off the event loop,
    // so heartbeats and checkouts are answered meanwhile.
    ApiResponse later;
    later.background = [job = std::move(*job)] { return answer::json(200, job().toJson()); };
    return later;
}

ApiResponse AdminController::ledger(const ApiRoute &route, const ApiRequest &request)
{
    if (!m_ledger)
        return answer::error(ApiError::notFound(QString::fromUtf16(errorcode::notFound), u"no such route"_s));
    ValidationError why;
    const auto query = LedgerQuery::fromQuery(request.query, &why);
    if (!query)
        return answer::error(ApiError::invalid(why.field, why.message));
    LedgerReports::Problem problem = LedgerReports::Problem::None;
    const auto report = m_ledger->ledger(route.licenseId, *query, &problem);
    if (problem == LedgerReports::Problem::LicenseNotFound)
        return answer::error(ApiError::licenseNotFound(route.licenseId));
    if (!report)
        return answer::error(
            ApiError::invalid(QString::fromUtf16(LedgerQuery::atParameter),
                              u"at is later than the server's time: the ledger tells what was, not what will be"_s));
    return answer::json(200, report->toJson());
}

ApiResponse AdminController::firingAlerts()
{
    if (!m_alerts)
        return answer::error(ApiError::notFound(QString::fromUtf16(errorcode::notFound), u"no such route"_s));
    return answer::json(200, alerts::alertsBodyToJson(m_alerts->firing()));
}

ApiResponse AdminController::getAlertRules()
{
    if (!m_alerts)
        return answer::error(ApiError::notFound(QString::fromUtf16(errorcode::notFound), u"no such route"_s));
    return answer::json(200, alerts::rulesBodyToJson(m_alerts->rules()));
}

ApiResponse AdminController::putAlertRules(const ApiRequest &request)
{
    if (!m_alerts)
        return answer::error(ApiError::notFound(QString::fromUtf16(errorcode::notFound), u"no such route"_s));
    ApiError failure;
    const auto rules = request::parseAlertRules(request.body, &failure);
    if (!rules)
        return answer::error(failure);
    ValidationError why;
    if (!m_alerts->setRules(*rules, &why))
        return answer::error(ApiError::invalid(why.field, why.message));
    return answer::json(200, alerts::rulesBodyToJson(m_alerts->rules()));
}

ApiResponse AdminController::acknowledgeAlert(const ApiRoute &route, const ApiRequest &request, const QString &actor)
{
    if (!m_alerts)
        return answer::error(ApiError::notFound(QString::fromUtf16(errorcode::notFound), u"no such route"_s));
    ApiError failure;
    const auto wanted = request::parseAcknowledge(request.body, &failure);
    if (!wanted)
        return answer::error(failure);
    using Result = AlertEvaluator::Acknowledgement::Result;
    const AlertEvaluator::Acknowledgement outcome
        = m_alerts->acknowledge(route.itemId.toLongLong(), actor, wanted->note);
    alerts::FiringAlert alert = outcome.alert;
    switch (outcome.result) {
    case Result::Acknowledged:
        return answer::json(200, alert.toJson());
    case Result::AlreadyAcknowledged:
        // Said, so that a second note is not taken for recorded (walk 51a #17).
        alert.alreadyAcknowledged = true;
        return answer::json(200, alert.toJson());
    case Result::NotFiring: {
        const QString about = alert.licenseId.isEmpty() ? u"the server"_s : u"the license %1"_s.arg(alert.licenseId);
        return answer::error(ApiError {409,
                                       QString::fromUtf16(errorcode::alertNotFiring),
                                       u"alert %1 (rule %2, about %3) is not firing any more: it resolved; only a "
                                       "firing alert can be acknowledged"_s.arg(route.itemId, alert.ruleId, about),
                                       {},
                                       {}});
    }
    case Result::NotFound:
        break;
    }
    return answer::error(ApiError::notFound(
        QString::fromUtf16(errorcode::alertNotFound),
        u"there is no alert %1: an alert's id is the id GET /v1/alerts gives it"_s.arg(route.itemId)));
}

namespace {

ApiResponse noWebhooks()
{
    return answer::error(ApiError::notFound(QString::fromUtf16(errorcode::notFound), u"no such route"_s));
}

} // namespace

ApiResponse AdminController::listAlertEndpoints(AccessRole role)
{
    if (!m_webhooks)
        return noWebhooks();
    QList<alerts::webhook::Endpoint> endpoints = m_webhooks->endpoints();
    // A webhook's URL may carry a token of the receiver's: a viewer sees where, not the path.
    if (role == AccessRole::Viewer) {
        for (alerts::webhook::Endpoint &endpoint : endpoints)
            endpoint.url = alerts::webhook::redactedUrl(endpoint.url);
    }
    return answer::json(200, alerts::webhook::endpointsBodyToJson(endpoints));
}

ApiResponse AdminController::createAlertEndpoint(const ApiRequest &request, const QString &actor)
{
    if (!m_webhooks)
        return noWebhooks();
    ApiError failure;
    const auto wanted = request::parseNewAlertEndpoint(request.body, &failure);
    if (!wanted)
        return answer::error(failure);
    ValidationError why;
    auto created = m_webhooks->addEndpoint(*wanted, &why);
    if (!created)
        return answer::error(ApiError::invalid(why.field, why.message));
    // The one time the secret leaves the server; the log names the endpoint, never the secret.
    // An email endpoint signs nothing: its answer has no secret.
    qCInfo(lcAlertEndpoints, "%s added the alert endpoint %s (%s, %s)", qPrintable(actor),
           qPrintable(created->endpoint.id), qPrintable(created->endpoint.name), qPrintable(created->endpoint.kind));
    QJsonObject body = created->endpoint.toJson();
    if (created->endpoint.kind == QStringView(alerts::webhook::webhookKind))
        body.insert(QString::fromUtf16(alerts::webhook::secretMember), QString::fromLatin1(created->secret.view()));
    return answer::json(201, body);
}

ApiResponse AdminController::deleteAlertEndpoint(const ApiRoute &route, const QString &actor)
{
    if (!m_webhooks)
        return noWebhooks();
    if (!m_webhooks->removeEndpoint(route.itemId))
        return answer::error(ApiError::notFound(QString::fromUtf16(errorcode::notFound),
                                                u"there is no alert endpoint %1"_s.arg(route.itemId)));
    qCInfo(lcAlertEndpoints, "%s removed the alert endpoint %s", qPrintable(actor), qPrintable(route.itemId));
    return answer::noContent();
}

ApiResponse AdminController::testAlertEndpoint(const ApiRoute &route, const QString &actor)
{
    if (!m_webhooks)
        return noWebhooks();
    const auto id = m_webhooks->queueTest(route.itemId);
    if (!id)
        return answer::error(ApiError::notFound(QString::fromUtf16(errorcode::notFound),
                                                u"there is no alert endpoint %1"_s.arg(route.itemId)));
    qCInfo(lcAlertEndpoints, "%s queued a test delivery %s to the alert endpoint %s", qPrintable(actor),
           qPrintable(*id), qPrintable(route.itemId));
    return answer::json(202, QJsonObject {{QString::fromUtf16(alerts::webhook::deliveryIdMember), *id}});
}

ApiResponse AdminController::alertDeliveries(const ApiRequest &request)
{
    if (!m_webhooks)
        return noWebhooks();
    namespace webhook = alerts::webhook;
    const QString endpoint = request.query.queryItemValue(u"endpoint"_s, QUrl::FullyDecoded);
    if (!endpoint.isEmpty() && !webhook::isValidId(endpoint))
        return answer::error(ApiError::invalid(
            u"endpoint"_s, u"endpoint \"%1\" is malformed: expected %2"_s.arg(endpoint.left(80), webhook::idRule())));
    std::optional<webhook::DeliveryStatus> status;
    if (request.query.hasQueryItem(u"status"_s)) {
        const QString name = request.query.queryItemValue(u"status"_s, QUrl::FullyDecoded);
        status = webhook::statusFromWire(name);
        if (!status)
            return answer::error(ApiError::invalid(
                u"status"_s, u"status \"%1\" is not one of pending, delivered, gave_up"_s.arg(name.left(40))));
    }
    int limit = 100;
    if (request.query.hasQueryItem(u"limit"_s)) {
        bool ok = false;
        limit = request.query.queryItemValue(u"limit"_s).toInt(&ok);
        if (!ok || limit < 1 || limit > webhook::maxDeliveries)
            return answer::error(
                ApiError::invalid(u"limit"_s, u"limit must be an integer from 1 to %1"_s.arg(webhook::maxDeliveries)));
    }
    return answer::json(200, webhook::deliveriesBodyToJson(m_webhooks->deliveries(endpoint, status, limit)));
}

ApiResponse AdminController::redeliver(const ApiRoute &route, const QString &actor)
{
    if (!m_webhooks)
        return noWebhooks();
    if (!m_webhooks->redeliver(route.itemId))
        return answer::error(ApiError::notFound(QString::fromUtf16(errorcode::notFound),
                                                u"there is no alert delivery %1"_s.arg(route.itemId)));
    qCInfo(lcAlertEndpoints, "%s queued the alert delivery %s again", qPrintable(actor), qPrintable(route.itemId));
    return answer::json(202, QJsonObject {{QString::fromUtf16(alerts::webhook::deliveryIdMember), route.itemId}});
}

ApiResponse AdminController::metrics()
{
    QList<Metrics::LicenseGauge> gauges;
    for (const auto &license : m_seats.licenses())
        gauges.append({license.id, license.seatCount, license.inUse});
    QList<Metrics::FiringAlert> firing;
    if (m_alerts) {
        for (const alerts::FiringAlert &alert : m_alerts->firing()) {
            firing.append({alert.ruleId, alerts::toWire(alert.severity),
                           StoredAlertTrack::subjectOf(alert.licenseId, alert.noticeDays)});
        }
    }
    Metrics::DeliveryQueue queue {0, 0};
    if (m_webhooks) {
        const auto counts = m_webhooks->counts();
        queue.pending = counts.value(alerts::webhook::DeliveryStatus::Pending);
        queue.gaveUp = counts.value(alerts::webhook::DeliveryStatus::GaveUp);
    }
    return ApiResponse {
        200, "text/plain; version=0.0.4; charset=utf-8", m_metrics.render(gauges, firing, queue), {}, {}, {}, {}};
}

ApiResponse AdminController::stats()
{
    if (!m_stats)
        return answer::error(
            ApiError::notFound(QString::fromUtf16(errorcode::notFound), u"this server keeps no usage statistics"_s));
    return answer::json(200, m_stats->toJson());
}

void AdminController::setBackup(SqliteLeaseStore *store, const QString &workDir, const QString &keyPath)
{
    m_backupStore = store;
    m_backupDir = workDir;
    m_backupKeyPath = keyPath;
}

ApiResponse AdminController::backup(const ApiRequest &request, const QString &actor)
{
    ApiError failure;
    const auto query = request::parseBackupQuery(request.query, &failure);
    if (!query)
        return answer::error(failure);
    if (!m_backupStore)
        return answer::error(ApiError {409,
                                       QString::fromUtf16(errorcode::backupUnavailable),
                                       u"this server keeps its data in PostgreSQL, which it cannot copy itself: back "
                                       "it up with pg_dump (docs/DEPLOYMENT.md, \"Backup and restore\")"_s,
                                       {},
                                       {}});
    // Made once the turn has committed, on the store's own connection with no transaction open:
    // the copy holds every change answered before this request was read.
    ApiResponse deferred;
    deferred.afterCommit = [store = m_backupStore, dir = m_backupDir, keyPath = m_backupKeyPath,
                            includeKey = query->includeKey, actor]() -> ApiResponse {
        const auto failed = [](const QString &message) {
            return answer::error(ApiError {500, QString::fromUtf16(errorcode::internal), message, {}, {}});
        };
        QString why;
        std::optional<SecretBuffer> seed;
        std::optional<SecretBuffer> alertsKey;
        if (includeKey) {
            seed = readBinarySecretFile(keyPath, &why);
            if (!seed) {
                qCCritical(lcBackup, "backup for %ls refused: %ls", qUtf16Printable(actor), qUtf16Printable(why));
                return failed(u"the server could not read its signing key for the backup; its log says why"_s);
            }
            // Beside signing.key: without it a restored site cannot open its webhooks' secrets.
            const QString alertsPath = QFileInfo(keyPath).dir().filePath(QLatin1StringView(AlertSecretBox::fileName));
            if (QFileInfo::exists(alertsPath)) {
                alertsKey = readBinarySecretFile(alertsPath, &why);
                if (!alertsKey) {
                    qCCritical(lcBackup, "backup for %ls refused: %ls", qUtf16Printable(actor), qUtf16Printable(why));
                    return failed(u"the server could not read its alerts key for the backup; its log says why"_s);
                }
            }
        }
        const QString target = QDir(dir).filePath(u".backup-%1.sqlite"_s.arg(crypto::randomHex(8)));
        const auto removeCopy = qScopeGuard([&target] { QFile::remove(target); });
        if (!store->backupTo(target, BackupKeys {seed ? &*seed : nullptr, alertsKey ? &*alertsKey : nullptr}, &why)) {
            qCCritical(lcBackup, "backup for %ls failed: %ls", qUtf16Printable(actor), qUtf16Printable(why));
            return failed(u"the server could not make the backup; its log says why"_s);
        }
        QFile copy(target);
        if (!copy.open(QIODevice::ReadOnly)) {
            qCCritical(lcBackup, "backup for %ls failed: cannot read %ls: %ls", qUtf16Printable(actor),
                       qUtf16Printable(target), qUtf16Printable(copy.errorString()));
            return failed(u"the server could not make the backup; its log says why"_s);
        }
        ApiResponse response {200, storebackup::mediaType, copy.readAll(), {}, {}, {}, {}};
        response.headers.append(std::pair<QByteArray, QByteArray>("Cache-Control", "no-store"));
        qCInfo(lcBackup, "store backed up for %ls: %lld bytes, %s", qUtf16Printable(actor),
               qlonglong(response.body.size()),
               !includeKey     ? "without the keys"
                   : alertsKey ? "with the signing and alerts keys"
                               : "with the signing key");
        return response;
    };
    return deferred;
}

} // namespace keyright::server
