#include "http/ListenAddress.h"

using namespace Qt::StringLiterals;

namespace keyright::server {

std::optional<ListenAddress> ListenAddress::parse(QStringView text, QString *error)
{
    const auto fail = [&](const QString &why) {
        if (error)
            *error = u"--listen %1: %2"_s.arg(text.toString(), why);
        return std::nullopt;
    };
    const qsizetype colon = text.lastIndexOf(u':');
    if (colon < 0)
        return fail(u"expected HOST:PORT, such as 127.0.0.1:7400"_s);
    QStringView host = text.first(colon);
    const QStringView portText = text.sliced(colon + 1);
    bool ok = false;
    const uint port = portText.toUInt(&ok);
    if (!ok || port > 65535)
        return fail(u"the port must be a number from 0 to 65535"_s);
    if (host.startsWith(u'[') && host.endsWith(u']'))
        host = host.sliced(1, host.size() - 2);
    QHostAddress address;
    if (host == u"localhost")
        address = QHostAddress(QHostAddress::LocalHost);
    else if (host.isEmpty() || !address.setAddress(host.toString()))
        return fail(u"\"%1\" is not an IP address (or localhost)"_s.arg(host.toString()));
    return ListenAddress {address, quint16(port)};
}

} // namespace keyright::server
