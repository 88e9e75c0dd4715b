#pragma once

#include <QString>
#include <QStringView>

// The paths of the v1 API (docs/API.md), each written once. A template names its parameters
// "{license}", "{seat}", "{ticket}" and "{name}" (a token's); the server's route table
// (server/http/ApiRoute) matches requests against the templates, and the clients build their
// requests' paths with the functions below, which percent-encode what they put in.
namespace keyright::apipath {

inline constexpr char16_t health[] = u"/v1/health";
inline constexpr char16_t time[] = u"/v1/time";
inline constexpr char16_t publicKey[] = u"/v1/public-key";
inline constexpr char16_t licenses[] = u"/v1/licenses";
inline constexpr char16_t license[] = u"/v1/licenses/{license}";
inline constexpr char16_t checkout[] = u"/v1/licenses/{license}/checkout";
inline constexpr char16_t rotateKey[] = u"/v1/licenses/{license}/rotate-key";
inline constexpr char16_t leases[] = u"/v1/licenses/{license}/leases";
inline constexpr char16_t rules[] = u"/v1/licenses/{license}/rules";
inline constexpr char16_t usage[] = u"/v1/licenses/{license}/usage";
inline constexpr char16_t usageWhatIf[] = u"/v1/licenses/{license}/usage/what-if";
inline constexpr char16_t ledger[] = u"/v1/licenses/{license}/ledger";
inline constexpr char16_t seat[] = u"/v1/licenses/{license}/seats/{seat}";
inline constexpr char16_t seatHeartbeat[] = u"/v1/licenses/{license}/seats/{seat}/heartbeat";
inline constexpr char16_t revoke[] = u"/v1/licenses/{license}/seats/{seat}/revoke";
inline constexpr char16_t borrow[] = u"/v1/licenses/{license}/borrow";
inline constexpr char16_t borrowedSeat[] = u"/v1/licenses/{license}/borrow/{seat}";
inline constexpr char16_t borrowWriteOff[] = u"/v1/licenses/{license}/borrow/{seat}/write-off";
inline constexpr char16_t ticket[] = u"/v1/licenses/{license}/tickets/{ticket}";
inline constexpr char16_t ticketHeartbeat[] = u"/v1/licenses/{license}/tickets/{ticket}/heartbeat";
inline constexpr char16_t groups[] = u"/v1/groups";
inline constexpr char16_t reap[] = u"/v1/reap";
inline constexpr char16_t events[] = u"/v1/events";
inline constexpr char16_t metrics[] = u"/metrics";
inline constexpr char16_t stats[] = u"/v1/stats";
inline constexpr char16_t whoami[] = u"/v1/whoami";
inline constexpr char16_t tokens[] = u"/v1/tokens";
inline constexpr char16_t token[] = u"/v1/tokens/{name}";
inline constexpr char16_t backup[] = u"/v1/admin/backup";
inline constexpr char16_t alerts[] = u"/v1/alerts";
inline constexpr char16_t alertRules[] = u"/v1/alerts/rules";
inline constexpr char16_t alertEndpoints[] = u"/v1/alerts/endpoints";
inline constexpr char16_t alertEndpoint[] = u"/v1/alerts/endpoints/{endpoint}";
inline constexpr char16_t alertEndpointTest[] = u"/v1/alerts/endpoints/{endpoint}/test";
inline constexpr char16_t alertDeliveries[] = u"/v1/alerts/deliveries";
inline constexpr char16_t alertRedeliver[] = u"/v1/alerts/deliveries/{delivery}/redeliver";
inline constexpr char16_t alertAcknowledge[] = u"/v1/alerts/{alert}/acknowledge";

// The parameters a template may name.
inline constexpr char16_t licenseParameter[] = u"{license}";
inline constexpr char16_t seatParameter[] = u"{seat}";
inline constexpr char16_t ticketParameter[] = u"{ticket}";
inline constexpr char16_t nameParameter[] = u"{name}";
inline constexpr char16_t endpointParameter[] = u"{endpoint}";
inline constexpr char16_t deliveryParameter[] = u"{delivery}";
inline constexpr char16_t alertParameter[] = u"{alert}";

// The field a refusal names for a malformed parameter: "licenseId", "seatId", "ticketId", "name",
// "endpointId", "deliveryId", "alertId".
QString parameterField(QStringView parameter);

// `pattern` with its parameters replaced by the values given, percent-encoded (a valid id is left
// as it is; anything else cannot leave its path segment).
QString fill(QStringView pattern, const QString &licenseId = {}, const QString &second = {});

// The paths of one license, seat, ticket or token.
QString forLicense(QStringView pattern,
                   const QString &licenseId); // license, checkout, borrow, rotateKey, leases, rules, usage,
                                              // usageWhatIf, ledger
QString forSeat(QStringView pattern, const QString &licenseId,
                const QString &seatId); // seat, seatHeartbeat, revoke, borrowedSeat,
                                        // borrowWriteOff
QString forTicket(QStringView pattern, const QString &licenseId, const QString &ticketId); // ticket, ticketHeartbeat
QString forToken(const QString &name);
// alertEndpoint, alertEndpointTest (an endpoint id), alertRedeliver (a delivery id) and
// alertAcknowledge (an alert id).
QString forAlertItem(QStringView pattern, const QString &id);

} // namespace keyright::apipath
