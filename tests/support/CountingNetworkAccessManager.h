#pragma once

#include <QNetworkAccessManager>

namespace keyright {

// A QNetworkAccessManager that knows how many of its replies are still open, so a test (or the
// screenshot tool) can wait for every round trip a step started instead of sleeping.
class CountingNetworkAccessManager final : public QNetworkAccessManager
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CountingNetworkAccessManager)

public:
    explicit CountingNetworkAccessManager(QObject *parent = nullptr);

    int pending() const { return m_pending; }

protected:
    QNetworkReply *createRequest(Operation op, const QNetworkRequest &request, QIODevice *outgoingData) override;

private:
    int m_pending = 0;
};

} // namespace keyright
