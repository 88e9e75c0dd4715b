#include "http/ApiAnswer.h"

#include "wire/ErrorBody.h"
#include "wire/EventActor.h"

#include <QJsonDocument>
#include <QStringList>

using namespace Qt::StringLiterals;

namespace keyright::server::answer {

ApiResponse json(int status, const QJsonObject &body)
{
    return ApiResponse {status, "application/json", QJsonDocument(body).toJson(QJsonDocument::Compact), {}, {}, {}, {}};
}

ApiResponse error(const ApiError &error)
{
    ApiResponse response {error.status, "application/json", error.toBody(), {}, {}, {}, {}};
    if (error.status == 503)
        response.headers.append(std::pair<QByteArray, QByteArray>("Retry-After", "1"));
    if (error.status == 405) {
        const QStringList allow = errorextra::MethodNotAllowed::fromJson(error.extra).allow;
        response.headers.append(std::pair<QByteArray, QByteArray>("Allow", allow.join(u", ").toLatin1()));
    }
    return response;
}

ApiResponse noContent()
{
    return ApiResponse {204, {}, {}, {}, {}, {}, {}};
}

QString clientActor(const QHostAddress &address)
{
    bool isV4 = false;
    const quint32 v4 = address.toIPv4Address(&isV4);
    return QString::fromUtf16(clientActorPrefix) + (isV4 ? QHostAddress(v4).toString() : address.toString());
}

} // namespace keyright::server::answer
