#pragma once

#include <QDateTime>
#include <QDialog>

class QLineEdit;

namespace keyright {

// Confirms the write-off of a borrowed seat whose laptop is lost (issue 27). It says plainly that
// the seat stays counted until its expiry date, since the laptop holds a signed lease that cannot
// be recalled (its end as borrowEndText writes it, `now` the server's time), and takes an optional note for the audit
// log.
class WriteOffDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(WriteOffDialog)

public:
    WriteOffDialog(const QString &licenseId, const QString &holder, const QString &seatId,
                   const QDateTime &countedUntil, const QDateTime &now, QWidget *parent = nullptr);

    QString note() const;

protected:
    // As the revoke dialog: Return does nothing, a write-off takes Alt+W or a click.
    void keyPressEvent(QKeyEvent *event) override;
    // The button box makes its Write off button the default when shown: undone here.
    void showEvent(QShowEvent *event) override;

private:
    QLineEdit *m_note;
};

} // namespace keyright
