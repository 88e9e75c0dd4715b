// What the dashboard trusts when it connects: an HTTPS server's certificate shown by its
// fingerprint on first use and trusted only when the person confirms it, a changed certificate
// refused with a clear message, the connection profile's CA file and forgotten certificates, and
// listed servers that sign with different keys named in the banner.

#include "ConnectionDialog.h"
#include "ConnectionProfile.h"
#include "DashboardSession.h"
#include "DashboardSettings.h"
#include "ErrorBanner.h"
#include "LanguageManager.h"
#include "MainWindow.h"
#include "ServerProcess.h"
#include "SystemClock.h"
#include "TestCertificates.h"
#include "TestServer.h"

#include <QAbstractButton>
#include <QApplication>
#include <QFile>
#include <QLabel>
#include <QLayout>
#include <QLineEdit>
#include <QMap>
#include <QMessageBox>
#include <QNetworkAccessManager>
#include <QPushButton>
#include <QRadioButton>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;

namespace keyright {

class TestConnectionTrust final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();

    void unknownCertificateIsTrustedOnlyOnceConfirmed();
    void serversThatDisagreeOnTheKeyAreNamedInTheBanner();
    void connectionDialogKeepsTheCaFileAndForgetsCertificates();
    void profileCaFileTrustsAPrivateAuthority();
    void eachAltKeyOfTheConnectionDialogReachesOneControl_data();
    void eachAltKeyOfTheConnectionDialogReachesOneControl();
    void deletingAProfileAsksFirst();
    void enterAfterForgetConnectsAndDeletesNothing();
    void tabFromATokenChoiceReachesItsOwnField();
    void trustedCertificatesAreShownWhole_data();
    void trustedCertificatesAreShownWhole();

private:
    void openWindow();
    QMessageBox *trustQuestion() const;

    LanguageManager m_languages;
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<QNetworkAccessManager> m_network;
    std::unique_ptr<DashboardSettings> m_settings;
    std::unique_ptr<DashboardSession> m_session;
    std::unique_ptr<MainWindow> m_window;
};

void TestConnectionTrust::initTestCase()
{
    m_languages.apply(u"en"_s);
    // What a profile trusts is what these tests give it, whatever this machine's environment says.
    qunsetenv("SSL_CERT_FILE");
    qunsetenv("SSL_CERT_DIR");
}

void TestConnectionTrust::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    m_network = std::make_unique<QNetworkAccessManager>();
    m_settings = std::make_unique<DashboardSettings>(m_dir->filePath(u"admin.ini"_s));
}

void TestConnectionTrust::cleanup()
{
    m_window.reset();
    m_session.reset();
    m_network.reset();
    m_settings.reset();
    m_dir.reset();
}

void TestConnectionTrust::openWindow()
{
    m_session = std::make_unique<DashboardSession>(*m_network, SystemClock::instance());
    m_window = std::make_unique<MainWindow>(*m_session, *m_settings);
    m_session->setPollInterval(200ms);
    m_session->setMaxBackoff(800ms);
    m_window->resize(1280, 720);
    m_window->show();
}

QMessageBox *TestConnectionTrust::trustQuestion() const
{
    auto *box = m_window->findChild<QMessageBox *>(u"trustCertificate"_s);
    return box && box->isVisible() ? box : nullptr;
}

void TestConnectionTrust::unknownCertificateIsTrustedOnlyOnceConfirmed()
{
    TestCertificates certificates;
    QVERIFY2(certificates.unavailableReason().isEmpty(), qPrintable(certificates.unavailableReason()));
    QString error;
    const auto first = certificates.selfSigned(u"first"_s, &error);
    const auto second = certificates.selfSigned(u"second"_s, &error);
    QVERIFY2(first && second, qPrintable(error));
    const auto firstPrint = certificates.fingerprint(first->certificate, &error);
    const auto secondPrint = certificates.fingerprint(second->certificate, &error);
    QVERIFY2(firstPrint && secondPrint, qPrintable(error));
    ServerProcess server;
    server.setTls(first->certificate, first->key);
    QVERIFY2(server.start(&error), qPrintable(error));

    openWindow();
    m_window->profiles().save({u"lab"_s, server.url(), server.adminTokenPath(), false});
    QVERIFY(m_window->connectToProfile(u"lab"_s));

    // Asked, with the fingerprint to compare; nothing is trusted until the person says so.
    QTRY_VERIFY_WITH_TIMEOUT(trustQuestion(), 10000);
    QMessageBox *box = trustQuestion();
    QVERIFY2(box->informativeText().contains(*firstPrint), qPrintable(box->informativeText() + u" / "_s + *firstPrint));
    QVERIFY2(box->text().contains(u"127.0.0.1:%1"_s.arg(server.port())), qPrintable(box->text()));
    // While the question is open it is the only news: no banner counting failed polls beside it.
    const int whileAsked = m_session->failureCount();
    QTRY_VERIFY_WITH_TIMEOUT(m_session->failureCount() > whileAsked + 1, 10000);
    QVERIFY2(m_window->errorBanner()->isHidden(), qPrintable(m_window->errorBanner()->detail()));
    QTest::keyClick(box, Qt::Key_Escape);
    QTRY_VERIFY(!trustQuestion());
    QTRY_COMPARE_WITH_TIMEOUT(m_session->state(), DashboardSession::State::Failing, 5000);
    QTRY_VERIFY(m_window->errorBanner()->isVisible());
    QVERIFY2(m_window->errorBanner()->message().contains(*firstPrint), qPrintable(m_window->errorBanner()->message()));
    // Declined: the banner says how to be asked again, and the status bar why nothing is shown.
    QVERIFY2(m_window->errorBanner()->detail().contains(u"connect again"_s)
                 && m_window->errorBanner()->detail().contains(u"Server → Connect to a server…"_s),
             qPrintable(m_window->errorBanner()->detail()));
    QVERIFY2(m_window->statusText().contains(u"certificate not trusted"_s), qPrintable(m_window->statusText()));
    QVERIFY2(!m_window->statusText().contains(u"answering with errors"_s), qPrintable(m_window->statusText()));
    QVERIFY(m_window->profiles().profile(u"lab"_s)->trustedCertificates.isEmpty());
    // Declined: not asked again on every poll of this connection.
    const int failures = m_session->failureCount();
    QTRY_VERIFY_WITH_TIMEOUT(m_session->failureCount() > failures + 1, 10000);
    QVERIFY(!trustQuestion());

    // Connecting again asks again; trusted, it connects and the profile keeps the fingerprint.
    QVERIFY(m_window->connectToProfile(u"lab"_s));
    QTRY_VERIFY_WITH_TIMEOUT(trustQuestion(), 10000);
    auto *trust = trustQuestion()->findChild<QPushButton *>(u"trust"_s);
    QVERIFY(trust);
    QTest::mouseClick(trust, Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(m_session->state(), DashboardSession::State::Connected, 10000);
    const auto saved = m_window->profiles().profile(u"lab"_s);
    QCOMPARE(saved->trustedCertificates.value(u"127.0.0.1:%1"_s.arg(server.port())), *firstPrint);

    // The server comes back with another certificate: refused, both fingerprints named, no question.
    QVERIFY(server.terminate());
    server.setTls(second->certificate, second->key);
    QVERIFY2(server.start(&error), qPrintable(error));
    m_session->refresh();
    // (Polls while the server was down say it was unreachable.)
    const auto bannerSays = [this](const QString &text) { return m_window->errorBanner()->message().contains(text); };
    QTRY_VERIFY2_WITH_TIMEOUT(bannerSays(u"changed"_s), qPrintable(m_window->errorBanner()->message()), 10000);
    const QString message = m_window->errorBanner()->message();
    QVERIFY2(message.contains(*firstPrint) && message.contains(*secondPrint), qPrintable(message));
    // Where to forget the old one, if the new one is expected.
    QVERIFY2(m_window->errorBanner()->detail().contains(u"Forget"_s), qPrintable(m_window->errorBanner()->detail()));
    QCOMPARE(m_session->state(), DashboardSession::State::Failing);
    QTest::qWait(500);
    QVERIFY(!trustQuestion());

    // A fresh start of the dashboard on the saved profile refuses it too.
    m_window.reset();
    m_session.reset();
    openWindow();
    QVERIFY(m_window->connectToProfile(u"lab"_s));
    QTRY_VERIFY2_WITH_TIMEOUT(bannerSays(u"changed"_s), qPrintable(m_window->errorBanner()->message()), 10000);
    QCOMPARE(m_session->state(), DashboardSession::State::Failing);
    QVERIFY(!trustQuestion());
    QVERIFY(server.terminate());
}

void TestConnectionTrust::serversThatDisagreeOnTheKeyAreNamedInTheBanner()
{
    TestServer good;
    TestServer foreign;
    QString error;
    QVERIFY2(good.start(&error), qPrintable(error));
    QVERIFY2(foreign.start(&error), qPrintable(error));
    QVERIFY(good.verifier().publicKey() != foreign.verifier().publicKey());
    openWindow();
    m_session->connectTo({foreign.url(), good.url()}, good.adminToken(), u"site"_s);
    QTRY_COMPARE_WITH_TIMEOUT(m_session->state(), DashboardSession::State::Failing, 10000);
    const QString message = m_window->errorBanner()->message();
    QVERIFY2(message.contains(u"disagree on the signing key"_s) && message.contains(foreign.url().toDisplayString())
                 && message.contains(good.url().toDisplayString()),
             qPrintable(message));
    QVERIFY2(!message.contains(u"Unauthorized"_s), qPrintable(message));
}

void TestConnectionTrust::connectionDialogKeepsTheCaFileAndForgetsCertificates()
{
    TestCertificates certificates;
    QVERIFY2(certificates.unavailableReason().isEmpty(), qPrintable(certificates.unavailableReason()));
    QString error;
    const auto authority = certificates.authority(&error);
    QVERIFY2(authority, qPrintable(error));
    ConnectionProfileStore store(*m_settings, m_dir->filePath(u"tokens"_s));
    const QString tokenFile = m_dir->filePath(u"admin-token"_s);
    QFile token(tokenFile);
    QVERIFY(token.open(QIODevice::WriteOnly));
    token.write("0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef\n");
    token.close();
    ConnectionProfile profile {u"site"_s, QUrl(u"https://127.0.0.1:7443"_s), tokenFile, false};
    profile.trustedCertificates.insert(u"127.0.0.1:7443"_s, u"AB:CD:EF"_s);
    store.save(profile);

    ConnectionDialog dialog(store, u"site"_s);
    dialog.show();
    auto *caFile = dialog.findChild<QLineEdit *>(u"caFile"_s);
    auto *trusted = dialog.findChild<QLabel *>(u"trustedCertificates"_s);
    auto *forget = dialog.findChild<QPushButton *>(u"forgetCertificates"_s);
    QVERIFY(caFile && trusted && forget);
    QVERIFY2(trusted->text().contains(u"127.0.0.1:7443"_s) && trusted->text().contains(u"AB:CD:EF"_s),
             qPrintable(trusted->text()));
    QVERIFY(forget->isEnabled());

    // A file that holds no certificate is refused, by name, and nothing is saved.
    caFile->clear();
    QTest::keyClicks(caFile, tokenFile);
    QVERIFY(!dialog.saveForm());
    QStringList shown;
    for (const QLabel *label : dialog.findChildren<QLabel *>())
        shown.append(label->text());
    QVERIFY2(shown.join(u'|').contains(u"The CA file cannot be used: the CA file %1 holds no PEM or DER "
                                       u"certificate"_s.arg(tokenFile)),
             qPrintable(shown.join(u'|')));
    QVERIFY(store.profile(u"site"_s)->caFile.isEmpty());

    caFile->clear();
    QTest::keyClicks(caFile, authority->certificate);
    QTest::mouseClick(forget, Qt::LeftButton);
    QVERIFY2(trusted->text().startsWith(u"None"_s), qPrintable(trusted->text()));
    QVERIFY(!forget->isEnabled());
    QVERIFY(dialog.saveForm());
    const auto saved = store.profile(u"site"_s);
    QCOMPARE(saved->caFile, authority->certificate);
    QVERIFY(saved->trustedCertificates.isEmpty());
    const auto trust = saved->tlsTrust(&error);
    QVERIFY2(trust, qPrintable(error));
    QCOMPARE(trust->authorities(), TlsTrust::readCaFile(authority->certificate).value_or(QList<QSslCertificate>()));
}

// A server whose certificate a private authority signed: a profile without the authority's file
// is asked about the certificate; one with it (typed into the connection dialog) connects at once,
// and nothing is asked or pinned.
void TestConnectionTrust::profileCaFileTrustsAPrivateAuthority()
{
    TestCertificates certificates;
    QVERIFY2(certificates.unavailableReason().isEmpty(), qPrintable(certificates.unavailableReason()));
    QString error;
    const auto pair = certificates.issue(u"server"_s, &error);
    QVERIFY2(pair, qPrintable(error));
    const auto authority = certificates.authority(&error);
    QVERIFY2(authority, qPrintable(error));
    ServerProcess server;
    server.setTls(pair->certificate, pair->key);
    QVERIFY2(server.start(&error), qPrintable(error));

    openWindow();
    m_window->profiles().save({u"private"_s, server.url(), server.adminTokenPath(), false});
    QVERIFY(m_window->connectToProfile(u"private"_s));
    QTRY_VERIFY_WITH_TIMEOUT(trustQuestion(), 10000);
    QTest::keyClick(trustQuestion(), Qt::Key_Escape);
    QTRY_VERIFY(!trustQuestion());

    {
        ConnectionDialog dialog(m_window->profiles(), u"private"_s);
        dialog.show();
        auto *caFile = dialog.findChild<QLineEdit *>(u"caFile"_s);
        QVERIFY(caFile);
        QTest::keyClicks(caFile, authority->certificate);
        QVERIFY(dialog.saveForm());
    }
    QCOMPARE(m_window->profiles().profile(u"private"_s)->caFile, authority->certificate);
    QVERIFY(m_window->connectToProfile(u"private"_s));
    QTRY_COMPARE_WITH_TIMEOUT(m_session->state(), DashboardSession::State::Connected, 10000);
    QVERIFY(!trustQuestion());
    QVERIFY(m_window->profiles().profile(u"private"_s)->trustedCertificates.isEmpty());
    QVERIFY(server.terminate());
}

void TestConnectionTrust::eachAltKeyOfTheConnectionDialogReachesOneControl_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("English") << u"en"_s;
    QTest::newRow("French") << u"fr"_s;
}

// The dialog is filled in from the keyboard: every underlined letter leads to one control, and a
// label's "&" is an underline, never a character on the screen.
void TestConnectionTrust::eachAltKeyOfTheConnectionDialogReachesOneControl()
{
    QFETCH(QString, language);
    m_languages.apply(language);
    const auto restore = qScopeGuard([this] { m_languages.apply(u"en"_s); });
    ConnectionProfileStore store(*m_settings, m_dir->filePath(u"tokens"_s));
    ConnectionDialog dialog(store, {});
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));

    QMap<QChar, QStringList> owners;
    const auto keyOf = [](const QString &text) -> QChar {
        const qsizetype at = text.indexOf(u'&');
        return at >= 0 && at + 1 < text.size() ? text.at(at + 1).toLower() : QChar();
    };
    for (QLabel *label : dialog.findChildren<QLabel *>()) {
        if (!label->isVisible() || keyOf(label->text()).isNull())
            continue;
        QVERIFY2(label->buddy(), qPrintable(u"the label \"%1\" shows its & (no buddy)"_s.arg(label->text())));
        owners[keyOf(label->text())] << label->text();
    }
    for (QAbstractButton *button : dialog.findChildren<QAbstractButton *>()) {
        if (button->isVisible() && !keyOf(button->text()).isNull())
            owners[keyOf(button->text())] << button->text();
    }
    for (auto it = owners.cbegin(); it != owners.cend(); ++it)
        QVERIFY2(it.value().size() == 1,
                 qPrintable(u"Alt+%1 is taken by %2"_s.arg(it.key(), it.value().join(u", "_s))));

    // The CA file's key reaches its field.
    auto *caFile = dialog.findChild<QLineEdit *>(u"caFile"_s);
    QVERIFY(caFile);
    QChar caKey;
    for (QLabel *label : dialog.findChildren<QLabel *>()) {
        if (label->buddy() == caFile)
            caKey = keyOf(label->text());
    }
    QVERIFY(!caKey.isNull());
    dialog.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&dialog));
    QTest::keyClick(&dialog, Qt::Key(Qt::Key_A + (caKey.unicode() - u'a')), Qt::AltModifier);
    QTRY_VERIFY(caFile->hasFocus());
}

namespace {

ConnectionProfile savedProfile(ConnectionProfileStore &store, const QString &tokenFile)
{
    QFile token(tokenFile);
    if (token.open(QIODevice::WriteOnly))
        token.write("0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef\n");
    token.close();
    ConnectionProfile profile {u"site"_s, QUrl(u"https://127.0.0.1:7443"_s), tokenFile, false};
    profile.trustedCertificates.insert(u"127.0.0.1:7443"_s, u"AB:CD:EF"_s);
    store.save(profile);
    return profile;
}

QMessageBox *openDeleteQuestion(const QDialog &dialog)
{
    auto *box = dialog.findChild<QMessageBox *>(u"confirmDeleteProfile"_s);
    return box && box->isVisible() ? box : nullptr;
}

} // namespace

// Delete asks, naming the profile; Enter and Escape keep it; only the Delete of the question
// deletes it.
void TestConnectionTrust::deletingAProfileAsksFirst()
{
    ConnectionProfileStore store(*m_settings, m_dir->filePath(u"tokens"_s));
    savedProfile(store, m_dir->filePath(u"admin-token"_s));
    ConnectionDialog dialog(store, u"site"_s);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    auto *remove = dialog.findChild<QPushButton *>(u"deleteProfile"_s);
    QVERIFY(remove && remove->isEnabled());

    for (const Qt::Key key : {Qt::Key_Return, Qt::Key_Escape}) {
        QTest::mouseClick(remove, Qt::LeftButton);
        QTRY_VERIFY(openDeleteQuestion(dialog));
        QMessageBox *box = openDeleteQuestion(dialog);
        QVERIFY2(box->text().contains(u"\"site\""_s), qPrintable(box->text()));
        QCOMPARE(box->defaultButton(), box->button(QMessageBox::Cancel));
        QTest::keyClick(box, key);
        QTRY_VERIFY(!openDeleteQuestion(dialog));
        QVERIFY(store.profile(u"site"_s).has_value());
    }

    QTest::mouseClick(remove, Qt::LeftButton);
    QTRY_VERIFY(openDeleteQuestion(dialog));
    auto *confirm = openDeleteQuestion(dialog)->findChild<QPushButton *>(u"delete"_s);
    QVERIFY(confirm);
    QTest::mouseClick(confirm, Qt::LeftButton);
    QTRY_VERIFY(!store.profile(u"site"_s).has_value());
    QVERIFY(!dialog.findChild<QPushButton *>(u"deleteProfile"_s)->isEnabled());
}

// Forget, from the keyboard, then Enter: Forget greys itself out, and the focus must not fall on
// Delete for Enter to press it (the walk-through lost a profile that way). Enter connects.
void TestConnectionTrust::enterAfterForgetConnectsAndDeletesNothing()
{
    ConnectionProfileStore store(*m_settings, m_dir->filePath(u"tokens"_s));
    savedProfile(store, m_dir->filePath(u"admin-token"_s));
    ConnectionDialog dialog(store, u"site"_s);
    dialog.show();
    dialog.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&dialog));
    auto *forget = dialog.findChild<QPushButton *>(u"forgetCertificates"_s);
    QVERIFY(forget && forget->isEnabled());
    forget->setFocus();
    QTest::keyClick(forget, Qt::Key_Space);
    QVERIFY(!forget->isEnabled());
    QWidget *focused = QApplication::focusWidget();
    QVERIFY(focused);
    QVERIFY2(focused != dialog.findChild<QPushButton *>(u"deleteProfile"_s), "the focus fell on Delete");
    QTest::keyClick(focused, Qt::Key_Return);
    QVERIFY(!openDeleteQuestion(dialog));
    QTRY_COMPARE(dialog.result(), int(QDialog::Accepted));
    QCOMPARE(dialog.chosenProfile(), u"site"_s);
    const auto kept = store.profile(u"site"_s);
    QVERIFY(kept.has_value());
    QVERIFY(kept->trustedCertificates.isEmpty());
}

// A keyboard user picks "Paste the token" and presses Tab: the next field must be the token's own,
// not the token file's (the walk-through typed a token there and saved it as a file path).
void TestConnectionTrust::tabFromATokenChoiceReachesItsOwnField()
{
    ConnectionProfileStore store(*m_settings, m_dir->filePath(u"tokens"_s));
    ConnectionDialog dialog(store, {});
    dialog.show();
    dialog.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&dialog));
    auto *tokenFile = dialog.findChild<QLineEdit *>(u"tokenFile"_s);
    auto *token = dialog.findChild<QLineEdit *>(u"token"_s);
    QVERIFY(tokenFile && token);
    QRadioButton *useFile = nullptr;
    QRadioButton *useTyped = nullptr;
    for (QRadioButton *radio : dialog.findChildren<QRadioButton *>())
        (radio->text().contains(u"Paste"_s) ? useTyped : useFile) = radio;
    QVERIFY(useFile && useTyped);

    QTest::mouseClick(useTyped, Qt::LeftButton);
    QVERIFY(useTyped->isChecked());
    QVERIFY(useTyped->hasFocus());
    QTest::keyClick(useTyped, Qt::Key_Tab);
    QCOMPARE(QApplication::focusWidget(), token);
    QTest::keyClicks(token, u"krt-0123"_s);
    QCOMPARE(token->text(), u"krt-0123"_s);
    QVERIFY(tokenFile->text().isEmpty());
    QVERIFY(useTyped->isChecked());

    QTest::mouseClick(useFile, Qt::LeftButton);
    QVERIFY(useFile->hasFocus());
    QTest::keyClick(useFile, Qt::Key_Tab);
    QCOMPARE(QApplication::focusWidget(), tokenFile);
}

void TestConnectionTrust::trustedCertificatesAreShownWhole_data()
{
    eachAltKeyOfTheConnectionDialogReachesOneControl_data();
}

// The trusted certificates and the explanation that replaces them once forgotten are read whole,
// in a dialog that fits a 1280x720 screen at 150 % (853x480): no line cut at the bottom or the
// side, the fingerprint whole.
void TestConnectionTrust::trustedCertificatesAreShownWhole()
{
    QFETCH(QString, language);
    m_languages.apply(language);
    const auto restore = qScopeGuard([this] { m_languages.apply(u"en"_s); });
    const QString print = u"B9:67:12:B0:99:C8:75:69:1C:80:23:79:00:1D:E1:26:02:57:62:E4:17:67:0E:D3:80:2B:F0:D1:"
                          "4F:3C:11:9C"_s;
    ConnectionProfileStore store(*m_settings, m_dir->filePath(u"tokens"_s));
    ConnectionProfile profile {u"site"_s, QUrl(u"https://127.0.0.1:7443"_s), m_dir->filePath(u"token"_s), false};
    profile.trustedCertificates.insert(u"127.0.0.1:7443"_s, print);
    profile.trustedCertificates.insert(u"127.0.0.1:7444"_s, print);
    store.save(profile);
    ConnectionDialog dialog(store, u"site"_s);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    auto *trusted = dialog.findChild<QLabel *>(u"trustedCertificates"_s);
    auto *forget = dialog.findChild<QPushButton *>(u"forgetCertificates"_s);
    QVERIFY(trusted && forget);

    const auto checkWhole = [&] {
        QTRY_VERIFY(!dialog.layout()->geometry().isEmpty());
        QCoreApplication::sendPostedEvents(); // the layout's own request
        QVERIFY2(dialog.width() <= 853 && dialog.height() <= 480,
                 qPrintable(u"dialog %1x%2"_s.arg(dialog.width()).arg(dialog.height())));
        const QRect inDialog(trusted->mapTo(&dialog, QPoint(0, 0)), trusted->size());
        QVERIFY2(dialog.rect().contains(inDialog),
                 qPrintable(u"label at %1,%2 %3x%4 in a dialog %5x%6"_s.arg(inDialog.x())
                                .arg(inDialog.y())
                                .arg(inDialog.width())
                                .arg(inDialog.height())
                                .arg(dialog.width())
                                .arg(dialog.height())));
        QVERIFY2(trusted->height() >= trusted->heightForWidth(trusted->width()),
                 qPrintable(u"\"%1\" gets %2 px of height, needs %3"_s.arg(trusted->text().left(40))
                                .arg(trusted->height())
                                .arg(trusted->heightForWidth(trusted->width()))));
    };
    // Each fingerprint on two lines, read whole.
    QCOMPARE(trusted->text().replace(u'\n', u':').count(print), 2);
    checkWhole();
    if (QTest::currentTestFailed())
        return;
    QTest::mouseClick(forget, Qt::LeftButton);
    QVERIFY(!trusted->text().contains(print));
    checkWhole();
}

} // namespace keyright

QTEST_MAIN(keyright::TestConnectionTrust)
#include "tst_connectiontrust.moc"
