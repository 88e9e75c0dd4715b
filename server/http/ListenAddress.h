#pragma once

#include <QHostAddress>
#include <QString>
#include <QStringView>

#include <optional>

namespace keyright::server {

// The value of --listen: "127.0.0.1:7400", "[::1]:7400", "localhost:7400", "0.0.0.0:7400".
struct ListenAddress
{
    QHostAddress address;
    quint16 port = 0;

    static std::optional<ListenAddress> parse(QStringView text, QString *error = nullptr);
};

} // namespace keyright::server
