// A waiting-line client for tst_waitingline: one process holding several waiters, so that a line
// of waiters spreads over several processes and a crash (kill -9) takes some of them away at once.
//
// Usage: waitingline-waiter BASE_URL LICENSE_ID LICENSE_KEY HEARTBEAT_MS
// Reads commands on stdin, one a line: "queue HOLDER" checks out with {"wait": true} and prints
// "queued HOLDER TICKET POSITION" (or "refused HOLDER STATUS"). Every HEARTBEAT_MS it renews every
// ticket it holds; when a renewal answers with the lease it prints "granted HOLDER SEAT" and gives
// the seat back at once (DELETE), so that the next waiter's turn comes; a ticket answered with 410
// prints "lost HOLDER REASON".
#include <QCoreApplication>
#include <QHash>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QSocketNotifier>
#include <QTimer>

#include <cstdio>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace {

void say(const QString &line)
{
    std::fputs(qPrintable(line + u'\n'), stdout);
    std::fflush(stdout);
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() != 5) {
        std::fputs("usage: waitingline-waiter BASE_URL LICENSE_ID LICENSE_KEY HEARTBEAT_MS\n", stderr);
        return 2;
    }
    const QString base = args.at(1);
    const QString license = args.at(2);
    const QByteArray auth = "License " + args.at(3).toLatin1();
    const int heartbeatMs = args.at(4).toInt();

    QNetworkAccessManager network;
    QHash<QString, QString> tickets; // ticketId -> holder, while waiting
    const auto request = [&](const QString &path) {
        QNetworkRequest r(QUrl(base + path));
        r.setRawHeader("Authorization", auth);
        r.setHeader(QNetworkRequest::ContentTypeHeader, u"application/json"_s);
        r.setTransferTimeout(5000);
        return r;
    };
    const auto status
        = [](QNetworkReply *reply) { return reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(); };

    const auto queue = [&](const QString &holder) {
        const QByteArray body = QJsonDocument(QJsonObject {{u"holder"_s, holder}, {u"wait"_s, true}}).toJson();
        QNetworkReply *reply = network.post(request(u"/v1/licenses/%1/checkout"_s.arg(license)), body);
        QObject::connect(reply, &QNetworkReply::finished, &app, [&, reply, holder] {
            reply->deleteLater();
            const QJsonObject answer = QJsonDocument::fromJson(reply->readAll()).object();
            if (status(reply) != 202) {
                say(u"refused %1 %2"_s.arg(holder).arg(status(reply)));
                return;
            }
            const QJsonObject ticket = answer.value(u"ticket"_s).toObject();
            tickets.insert(ticket.value(u"ticketId"_s).toString(), holder);
            say(u"queued %1 %2 %3"_s.arg(holder, ticket.value(u"ticketId"_s).toString())
                    .arg(ticket.value(u"position"_s).toInt()));
        });
    };

    QTimer heartbeats;
    heartbeats.setInterval(heartbeatMs);
    QObject::connect(&heartbeats, &QTimer::timeout, &app, [&] {
        for (auto it = tickets.cbegin(); it != tickets.cend(); ++it) {
            const QString ticketId = it.key();
            const QString holder = it.value();
            QNetworkReply *reply
                = network.post(request(u"/v1/licenses/%1/tickets/%2/heartbeat"_s.arg(license, ticketId)), QByteArray());
            QObject::connect(reply, &QNetworkReply::finished, &app, [&, reply, ticketId, holder] {
                reply->deleteLater();
                const QJsonObject answer = QJsonDocument::fromJson(reply->readAll()).object();
                if (status(reply) == 200) {
                    tickets.remove(ticketId);
                    const QString seat = answer.value(u"lease"_s).toObject().value(u"seatId"_s).toString();
                    say(u"granted %1 %2"_s.arg(holder, seat));
                    QNetworkReply *release
                        = network.deleteResource(request(u"/v1/licenses/%1/seats/%2"_s.arg(license, seat)));
                    QObject::connect(release, &QNetworkReply::finished, release, &QObject::deleteLater);
                } else if (status(reply) == 410) {
                    tickets.remove(ticketId);
                    say(u"lost %1 %2"_s.arg(holder, answer.value(u"reason"_s).toString()));
                }
            });
        }
    });
    heartbeats.start();

    QSocketNotifier input(STDIN_FILENO, QSocketNotifier::Read);
    QObject::connect(&input, &QSocketNotifier::activated, &app, [&] {
        char line[512];
        const ssize_t n = ::read(STDIN_FILENO, line, sizeof line - 1);
        if (n <= 0) {
            app.quit(); // the test closed our input: done
            return;
        }
        for (const QByteArray &command : QByteArray(line, n).split('\n')) {
            if (command.startsWith("queue "))
                queue(QString::fromUtf8(command.mid(6).trimmed()));
        }
    });
    return app.exec();
}
