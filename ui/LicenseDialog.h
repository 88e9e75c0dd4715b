#pragma once

#include "AdminTypes.h"

#include <QDialog>
#include <QSet>

class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace keyright {

// Creates or edits a license. Every change re-validates with the server's rules (license id
// syntax, name, bounds, reap grace above the skew) and says what is wrong under the form; OK is
// enabled only for a spec the server will accept.
class LicenseDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LicenseDialog)

public:
    // `existing` empty: create. `takenIds`: ids already on the server (a create must pick another).
    LicenseDialog(const std::optional<LicenseSummary> &existing, const QSet<QString> &takenIds,
                  QWidget *parent = nullptr);

    LicenseSpec spec() const;
    bool isCreate() const { return m_create; }
    QString validationMessage() const;
    // The first problem with `spec`, for a person, or an empty string. Same rules as the server.
    static QString validate(const LicenseSpec &spec, bool create, const QSet<QString> &takenIds,
                            QString *field = nullptr);

private:
    void revalidate();

    bool m_create;
    QSet<QString> m_taken;
    QLineEdit *m_id;
    QLineEdit *m_name;
    QSpinBox *m_seats;
    QSpinBox *m_ttl;
    QSpinBox *m_skew;
    QSpinBox *m_grace;
    QLabel *m_message;
    QLabel *m_heartbeat;
    QDialogButtonBox *m_buttons;
};

} // namespace keyright
