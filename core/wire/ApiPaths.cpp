#include "wire/ApiPaths.h"

#include <QUrl>

namespace keyright::apipath {

namespace {

QString encoded(const QString &value)
{
    return QString::fromLatin1(QUrl::toPercentEncoding(value));
}

} // namespace

QString parameterField(QStringView parameter)
{
    using namespace Qt::StringLiterals;
    if (parameter == QStringView(licenseParameter))
        return u"licenseId"_s;
    if (parameter == QStringView(seatParameter))
        return u"seatId"_s;
    if (parameter == QStringView(ticketParameter))
        return u"ticketId"_s;
    if (parameter == QStringView(nameParameter))
        return u"name"_s;
    if (parameter == QStringView(endpointParameter))
        return u"endpointId"_s;
    if (parameter == QStringView(deliveryParameter))
        return u"deliveryId"_s;
    if (parameter == QStringView(alertParameter))
        return u"alertId"_s;
    return parameter.toString();
}

QString fill(QStringView pattern, const QString &licenseId, const QString &second)
{
    QString path = pattern.toString();
    path.replace(QString::fromUtf16(licenseParameter), encoded(licenseId));
    for (const char16_t *parameter :
         {seatParameter, ticketParameter, nameParameter, endpointParameter, deliveryParameter, alertParameter})
        path.replace(QString::fromUtf16(parameter), encoded(second));
    return path;
}

QString forLicense(QStringView pattern, const QString &licenseId)
{
    return fill(pattern, licenseId);
}

QString forSeat(QStringView pattern, const QString &licenseId, const QString &seatId)
{
    return fill(pattern, licenseId, seatId);
}

QString forTicket(QStringView pattern, const QString &licenseId, const QString &ticketId)
{
    return fill(pattern, licenseId, ticketId);
}

QString forToken(const QString &name)
{
    return fill(token, {}, name);
}

QString forAlertItem(QStringView pattern, const QString &id)
{
    return fill(pattern, {}, id);
}

} // namespace keyright::apipath
