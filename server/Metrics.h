#pragma once

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QMap>
#include <QString>

#include <array>
#include <chrono>

namespace keyright::server {

// Counters since the process started, rendered in the Prometheus text format (version 0.0.4)
// together with the per-license seat gauges the caller passes in at scrape time.
class Metrics
{
public:
    struct LicenseGauge
    {
        QString licenseId;
        int seatCount = 0;
        int inUse = 0;
    };

    void countGrant(const QString &licenseId);
    void countDenial(const QString &licenseId);
    void countRenewal(const QString &licenseId);
    void countRevoke(const QString &licenseId);
    void countReaped(const QString &licenseId, int seats);
    // A request refused for its token: reason "missing", "unknown", "expired" or "throttled".
    void countAuthFailure(const QString &reason);
    void observeRequest(const QString &route, int status, std::chrono::microseconds duration);
    // A jump of a clock the server decides with: clock "wall", "monotonic" or "database"
    // (wire/ClockJump), direction "forward" or "backward".
    void countClockJump(const QString &clock, const QString &direction);
    // The clock "now" follows (the wall clock, or the database's) minus "now", in milliseconds.
    void setClockOffset(std::chrono::milliseconds offset) { m_clockOffsetMs = offset.count(); }

    // An alert firing now (issue 29): one sample of keyright_alerts_firing each.
    struct FiringAlert
    {
        QString ruleId;
        QString severity; // info, warning, critical
        QString subject; // the license, "license#days" for a validity notice, empty for the server
    };

    // The alert outbox (issue 29): deliveries waiting to be sent, and those given up.
    struct DeliveryQueue
    {
        int pending;
        int gaveUp;
    };

    QByteArray render(const QList<LicenseGauge> &gauges, const QList<FiringAlert> &alerts = {},
                      const DeliveryQueue &deliveries = {0, 0}) const;

private:
    static constexpr std::array<double, 10> bucketBounds {0.0005, 0.001, 0.0025, 0.005, 0.01,
                                                          0.025,  0.05,  0.1,    0.25,  1.0};
    struct Histogram
    {
        std::array<quint64, bucketBounds.size()> buckets {}; // cumulative counts are built at render
        quint64 count = 0;
        double sum = 0;
    };

    QMap<QString, quint64> m_grants;
    QMap<QString, quint64> m_denials;
    QMap<QString, quint64> m_renewals;
    QMap<QString, quint64> m_revokes;
    QMap<QString, quint64> m_reaped;
    QMap<QString, quint64> m_authFailures; // reason
    QMap<std::pair<QString, QString>, quint64> m_clockJumps; // (clock, direction)
    qint64 m_clockOffsetMs = 0;
    QMap<std::pair<QString, int>, quint64> m_requests; // (route, status)
    QMap<QString, Histogram> m_latency; // route
};

} // namespace keyright::server
