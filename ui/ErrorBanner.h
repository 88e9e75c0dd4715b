#pragma once

#include <QFrame>

class QLabel;
class QPushButton;

namespace keyright {

// A strip across the top of the window that says why the server cannot be polled and when the
// next attempt is, with a button to retry at once. Hidden while all is well.
class ErrorBanner final : public QFrame
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ErrorBanner)

public:
    explicit ErrorBanner(QWidget *parent = nullptr);

    void showError(const QString &message, const QString &detail = {});
    void clear();
    QString message() const; // whole, as given
    QString shownMessage() const; // as shown: long fingerprints shortened
    QString detail() const;

Q_SIGNALS:
    void retryRequested();

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();

    QLabel *m_icon;
    QLabel *m_text;
    QLabel *m_detail;
    QPushButton *m_retry;
    QString m_message;
};

} // namespace keyright
