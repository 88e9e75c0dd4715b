#pragma once

#include "http/ApiMessages.h"
#include "http/ApiRoute.h"
#include "wire/AccessRole.h"

#include <QString>

namespace keyright::server {

class LeaseReaper;
class LicenseAdmin;
class Metrics;
class SeatService;
class StatsService;
class UsageReports;
class AlertEvaluator;
class WebhookDeliverer;
class LedgerReports;
class SqliteLeaseStore;

// The administration routes, once Authenticator has accepted the token for the route's role:
// licenses and their keys, seat listings, holder groups and seat rules (LicenseAdmin), revoking
// a seat (SeatService), reaping (LeaseReaper), the audit log, the metrics and the usage
// statistics. Parses each request and turns the typed results into the answers of docs/API.md.
class AdminController
{
public:
    AdminController(SeatService &seats, LicenseAdmin &licenses, LeaseReaper &reaper, Metrics &metrics);

    // Answers a route of ApiRoute::Area::Admin for `actor` ("dana (operator)"), whose token has
    // `role`. Throws StoreError.
    ApiResponse handle(const ApiRoute &route, const ApiRequest &request, const QString &actor, AccessRole role);

    // Serves GET /v1/stats from `stats`; without it the route answers 404 not_found.
    void setStats(StatsService *stats) { m_stats = stats; }
    // Serves GET /v1/licenses/{id}/usage; without it the route answers 404 not_found.
    void setUsage(UsageReports *usage) { m_usage = usage; }
    // Serves GET /v1/licenses/{id}/ledger; without it the route answers 404 not_found.
    void setLedger(LedgerReports *ledger) { m_ledger = ledger; }
    // Serves GET /v1/alerts and GET and PUT /v1/alerts/rules, and with `webhooks` the endpoints and
    // the delivery log; without them they answer 404 not_found.
    void setAlerts(AlertEvaluator *alerts, WebhookDeliverer *webhooks = nullptr)
    {
        m_alerts = alerts;
        m_webhooks = webhooks;
    }
    // Serves POST /v1/admin/backup from the SQLite store `store`, its copy made in `workDir` (the
    // data directory) and the signing key read from `keyPath` when asked for; without a store
    // (PostgreSQL) the route answers 409 backup_unavailable.
    void setBackup(SqliteLeaseStore *store, const QString &workDir, const QString &keyPath);

private:
    ApiResponse listLicenses();
    ApiResponse putLicense(const ApiRoute &route, const ApiRequest &request, const QString &actor);
    ApiResponse rotateKey(const ApiRoute &route, const QString &actor);
    ApiResponse listLeases(const ApiRoute &route);
    ApiResponse listGroups();
    ApiResponse putGroups(const ApiRequest &request, const QString &actor);
    ApiResponse getRules(const ApiRoute &route);
    ApiResponse putRules(const ApiRoute &route, const ApiRequest &request, const QString &actor);
    ApiResponse revoke(const ApiRoute &route, const ApiRequest &request, const QString &actor);
    ApiResponse writeOff(const ApiRoute &route, const ApiRequest &request, const QString &actor);
    ApiResponse reap(const ApiRequest &request, const QString &actor);
    ApiResponse events(const ApiRequest &request);
    ApiResponse metrics();
    ApiResponse stats();
    ApiResponse usage(const ApiRoute &route, const ApiRequest &request);
    ApiResponse whatIf(const ApiRoute &route, const ApiRequest &request);
    ApiResponse ledger(const ApiRoute &route, const ApiRequest &request);
    ApiResponse backup(const ApiRequest &request, const QString &actor);
    ApiResponse firingAlerts();
    ApiResponse getAlertRules();
    ApiResponse putAlertRules(const ApiRequest &request);
    ApiResponse listAlertEndpoints(AccessRole role);
    ApiResponse createAlertEndpoint(const ApiRequest &request, const QString &actor);
    ApiResponse deleteAlertEndpoint(const ApiRoute &route, const QString &actor);
    ApiResponse testAlertEndpoint(const ApiRoute &route, const QString &actor);
    ApiResponse alertDeliveries(const ApiRequest &request);
    ApiResponse redeliver(const ApiRoute &route, const QString &actor);
    ApiResponse acknowledgeAlert(const ApiRoute &route, const ApiRequest &request, const QString &actor);

    SeatService &m_seats;
    LicenseAdmin &m_licenses;
    LeaseReaper &m_reaper;
    Metrics &m_metrics;
    StatsService *m_stats = nullptr;
    UsageReports *m_usage = nullptr;
    LedgerReports *m_ledger = nullptr;
    AlertEvaluator *m_alerts = nullptr;
    WebhookDeliverer *m_webhooks = nullptr;
    SqliteLeaseStore *m_backupStore = nullptr;
    QString m_backupDir;
    QString m_backupKeyPath;
};

} // namespace keyright::server
