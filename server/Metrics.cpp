#include "Metrics.h"

using namespace Qt::StringLiterals;

namespace keyright::server {

namespace {

// Label values escape backslash, double quote and newline (exposition format rules).
QByteArray label(const QString &value)
{
    QByteArray out;
    for (const char c : value.toUtf8()) {
        if (c == '\\')
            out += "\\\\";
        else if (c == '"')
            out += "\\\"";
        else if (c == '\n')
            out += "\\n";
        else
            out += c;
    }
    return out;
}

void header(QByteArray &out, const char *name, const char *type, const char *help)
{
    out += "# HELP ";
    out += name;
    out += ' ';
    out += help;
    out += "\n# TYPE ";
    out += name;
    out += ' ';
    out += type;
    out += '\n';
}

void perLicense(QByteArray &out, const char *name, const char *help, const QMap<QString, quint64> &values)
{
    header(out, name, "counter", help);
    for (auto it = values.cbegin(); it != values.cend(); ++it)
        out += name + QByteArray("{license=\"") + label(it.key()) + "\"} " + QByteArray::number(it.value()) + '\n';
}

} // namespace

void Metrics::countGrant(const QString &licenseId)
{
    ++m_grants[licenseId];
}

void Metrics::countDenial(const QString &licenseId)
{
    ++m_denials[licenseId];
}

void Metrics::countRenewal(const QString &licenseId)
{
    ++m_renewals[licenseId];
}

void Metrics::countRevoke(const QString &licenseId)
{
    ++m_revokes[licenseId];
}

void Metrics::countAuthFailure(const QString &reason)
{
    ++m_authFailures[reason];
}

void Metrics::countReaped(const QString &licenseId, int seats)
{
    m_reaped[licenseId] += quint64(seats);
}

void Metrics::countClockJump(const QString &clock, const QString &direction)
{
    ++m_clockJumps[{clock, direction}];
}

void Metrics::observeRequest(const QString &route, int status, std::chrono::microseconds duration)
{
    ++m_requests[{route, status}];
    Histogram &histogram = m_latency[route];
    const double secondsTaken = double(duration.count()) / 1e6;
    for (std::size_t i = 0; i < bucketBounds.size(); ++i) {
        if (secondsTaken <= bucketBounds[i]) {
            ++histogram.buckets[i];
            break;
        }
    }
    ++histogram.count;
    histogram.sum += secondsTaken;
}

QByteArray Metrics::render(const QList<LicenseGauge> &gauges, const QList<FiringAlert> &alerts,
                           const DeliveryQueue &deliveries) const
{
    QByteArray out;
    header(out, "keyright_alerts_firing", "gauge",
           "Alerts firing now, one sample each (docs/API.md \"Alerts\"); none while nothing fires.");
    for (const FiringAlert &alert : alerts)
        out += "keyright_alerts_firing{rule=\"" + label(alert.ruleId) + "\",severity=\"" + label(alert.severity)
            + "\",subject=\"" + label(alert.subject) + "\"} 1\n";
    header(out, "keyright_alert_deliveries_pending", "gauge",
           "Alert deliveries queued and not yet delivered (docs/API.md \"Alert endpoints and deliveries\").");
    out += "keyright_alert_deliveries_pending " + QByteArray::number(deliveries.pending) + '\n';
    header(out, "keyright_alert_deliveries_gave_up", "gauge",
           "Alert deliveries given up (after failing for 25 hours) in the last 24 hours.");
    out += "keyright_alert_deliveries_gave_up " + QByteArray::number(deliveries.gaveUp) + '\n';
    header(out, "keyright_seats_in_use", "gauge", "Live seats per license (now <= expiresAt + skew).");
    for (const LicenseGauge &gauge : gauges)
        out += "keyright_seats_in_use{license=\"" + label(gauge.licenseId) + "\"} " + QByteArray::number(gauge.inUse)
            + '\n';
    header(out, "keyright_seats_total", "gauge", "Seats the license allows.");
    for (const LicenseGauge &gauge : gauges)
        out += "keyright_seats_total{license=\"" + label(gauge.licenseId) + "\"} " + QByteArray::number(gauge.seatCount)
            + '\n';
    perLicense(out, "keyright_checkouts_granted_total", "Seats granted since the server started.", m_grants);
    perLicense(out, "keyright_checkouts_denied_total",
               "Checkouts refused (pool full or holder blocked) since the server started.", m_denials);
    perLicense(out, "keyright_heartbeats_renewed_total", "Leases renewed since the server started.", m_renewals);
    perLicense(out, "keyright_seats_revoked_total", "Seats revoked by an administrator since the server started.",
               m_revokes);
    perLicense(out, "keyright_seats_reaped_total", "Expired rows deleted by the reaper since the server started.",
               m_reaped);

    header(out, "keyright_auth_failures_total", "counter",
           "Requests refused for their access token (missing, unknown, expired, throttled).");
    for (auto it = m_authFailures.cbegin(); it != m_authFailures.cend(); ++it)
        out += "keyright_auth_failures_total{reason=\"" + label(it.key()) + "\"} " + QByteArray::number(it.value())
            + '\n';

    header(out, "keyright_clock_jumps_total", "counter",
           "Jumps of a clock leases are decided with beyond the threshold, by clock (wall, monotonic, database) and "
           "direction.");
    for (auto it = m_clockJumps.cbegin(); it != m_clockJumps.cend(); ++it)
        out += "keyright_clock_jumps_total{clock=\"" + label(it.key().first) + "\",direction=\""
            + label(it.key().second) + "\"} " + QByteArray::number(it.value()) + '\n';
    header(out, "keyright_clock_offset_seconds", "gauge",
           "The clock leases follow (wall, or database) minus the one they are stamped with: > 0 catching up, < 0 "
           "held ahead.");
    out += "keyright_clock_offset_seconds " + QByteArray::number(double(m_clockOffsetMs) / 1000.0) + '\n';

    header(out, "keyright_http_requests_total", "counter", "HTTP requests by route and status.");
    for (auto it = m_requests.cbegin(); it != m_requests.cend(); ++it)
        out += "keyright_http_requests_total{route=\"" + label(it.key().first) + "\",code=\""
            + QByteArray::number(it.key().second) + "\"} " + QByteArray::number(it.value()) + '\n';

    header(out, "keyright_http_request_duration_seconds", "histogram", "Time to handle a request, by route.");
    for (auto it = m_latency.cbegin(); it != m_latency.cend(); ++it) {
        const QByteArray route = label(it.key());
        quint64 cumulative = 0;
        for (std::size_t i = 0; i < bucketBounds.size(); ++i) {
            cumulative += it->buckets[i];
            out += "keyright_http_request_duration_seconds_bucket{route=\"" + route + "\",le=\""
                + QByteArray::number(bucketBounds[i]) + "\"} " + QByteArray::number(cumulative) + '\n';
        }
        out += "keyright_http_request_duration_seconds_bucket{route=\"" + route + "\",le=\"+Inf\"} "
            + QByteArray::number(it->count) + '\n';
        out += "keyright_http_request_duration_seconds_sum{route=\"" + route + "\"} " + QByteArray::number(it->sum)
            + '\n';
        out += "keyright_http_request_duration_seconds_count{route=\"" + route + "\"} " + QByteArray::number(it->count)
            + '\n';
    }
    return out;
}

} // namespace keyright::server
