#pragma once

#include "ConnectionProfile.h"

#include <QDialog>

class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;
class QRadioButton;

namespace keyright {

// Connection profiles: name, server URL (or the URLs of every instance of one site, checked as
// they are typed), the admin token as a file path or typed in once (then written to a private
// 0600 file and never shown again), the CA file trusted for https:// servers, and the
// certificates confirmed on first use, which can be forgotten. "Connect" asks the main window to
// switch; "Use the embedded demo server" goes back to the built-in server.
class ConnectionDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ConnectionDialog)

public:
    ConnectionDialog(ConnectionProfileStore &store, const QString &current, QWidget *parent = nullptr);

    // The profile chosen with Connect; empty when the embedded server was chosen.
    QString chosenProfile() const { return m_chosen; }
    bool embeddedChosen() const { return m_embedded; }

    // Saves what the form holds (typed token included); false with the reason shown in the form.
    bool saveForm();

protected:
    bool event(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    // A dialog window gets no height for its width from Qt: with the wrapped explanations at
    // 150 % its rows were squeezed and cut. Keeps the height the current width needs.
    void fitHeight();
    void loadProfile(const QString &name);
    void refreshList(const QString &select);
    void updateButtons();
    // Asks before deleting the profile shown (Cancel is the default); deletes it when confirmed.
    void confirmRemove();
    // Checks the URL field as it is typed; true when it names at least one valid instance.
    bool validateUrls();
    void showTrustedCertificates();

    ConnectionProfileStore &m_store;
    QListWidget *m_list;
    QLineEdit *m_name;
    QLineEdit *m_url;
    QRadioButton *m_useFile;
    QRadioButton *m_useTyped;
    QLineEdit *m_tokenFile;
    QLineEdit *m_token;
    QLabel *m_tokenState;
    QLineEdit *m_caFile;
    QLabel *m_trusted;
    QPushButton *m_forgetCertificates;
    QLabel *m_urlState; // what is wrong with the URLs typed so far, or how many instances they name
    QLabel *m_message;
    QPushButton *m_save;
    QPushButton *m_remove;
    QPushButton *m_connect;
    QString m_storedTokenFile; // the private file of a profile whose token was typed in
    QMap<QString, QString> m_trustedCertificates; // as the form holds them until saved
    QString m_chosen;
    bool m_embedded = false;
};

} // namespace keyright
