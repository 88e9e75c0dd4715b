#pragma once

#include <QHash>
#include <QNetworkAccessManager>
#include <QStringList>

class QNetworkReply;

namespace keyright {

// A QNetworkAccessManager that knows how many of its replies are still open, so a test (or the
// screenshot tool) can wait for every round trip a step started instead of sleeping. A reply is
// open from its creation until it finishes (answered, failed or aborted), or until it is destroyed
// without finishing, which openRequests() then names: nobody would ever have seen its end.
class CountingNetworkAccessManager final : public QNetworkAccessManager
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CountingNetworkAccessManager)

public:
    explicit CountingNetworkAccessManager(QObject *parent = nullptr);
    ~CountingNetworkAccessManager() override;

    int pending() const { return int(m_open.size()); }
    // "VERB URL" of every open reply, oldest first; for a test to say what it is still waiting for.
    QStringList openRequests() const;
    // Replies destroyed before they finished, as "VERB URL": a request its sender dropped.
    QStringList abandoned() const { return m_abandoned; }
    // How many requests were sent so far; with openAmongFirst(), what a step started is told apart
    // from what came after it (a session that goes on polling).
    quint64 sentSoFar() const { return m_serial; }
    // "VERB URL" of the replies still open among the first `count` requests sent, oldest first.
    QStringList openAmongFirst(quint64 count) const;

protected:
    QNetworkReply *createRequest(Operation op, const QNetworkRequest &request, QIODevice *outgoingData) override;

private:
    struct Open
    {
        quint64 serial = 0;
        QString what;
    };
    QHash<QNetworkReply *, Open> m_open;
    QStringList m_abandoned;
    quint64 m_serial = 0;
};

} // namespace keyright
