#include "DashboardSession.h"
#include "Durations.h"
#include "EmbeddedDemo.h"
#include "ErrorBanner.h"
#include "FleetPage.h"
#include "Icons.h"
#include "LanguageManager.h"
#include "MainWindow.h"
#include "SecretBuffer.h"
#include "SimulatorPage.h"
#include "SystemClock.h"
#include "fleet/ReplicasDemoView.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QNetworkAccessManager>
#include <QPalette>
#include <QSettings>
#include <QStandardPaths>
#include <QTimer>

#include <cstdio>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;
using namespace keyright;

namespace {

void useDarkPalette()
{
    QApplication::setStyle(u"Fusion"_s);
    QPalette p;
    p.setColor(QPalette::Window, QColor(0x35, 0x35, 0x35));
    p.setColor(QPalette::WindowText, Qt::white);
    p.setColor(QPalette::Base, QColor(0x2a, 0x2a, 0x2a));
    p.setColor(QPalette::AlternateBase, QColor(0x42, 0x42, 0x42));
    p.setColor(QPalette::ToolTipBase, QColor(0x2a, 0x2a, 0x2a));
    p.setColor(QPalette::ToolTipText, Qt::white);
    p.setColor(QPalette::Text, Qt::white);
    p.setColor(QPalette::PlaceholderText, QColor(0x9a, 0x9a, 0x9a));
    p.setColor(QPalette::Button, QColor(0x35, 0x35, 0x35));
    p.setColor(QPalette::ButtonText, Qt::white);
    p.setColor(QPalette::Mid, QColor(0x80, 0x80, 0x80));
    p.setColor(QPalette::Link, QColor(0x7a, 0xb8, 0xf5));
    p.setColor(QPalette::Highlight, QColor(0x2a, 0x82, 0xda));
    p.setColor(QPalette::HighlightedText, Qt::black);
    p.setColor(QPalette::Disabled, QPalette::Text, QColor(0x80, 0x80, 0x80));
    p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x80, 0x80, 0x80));
    p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x80, 0x80, 0x80));
    QApplication::setPalette(p);
}

} // namespace

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QApplication::setOrganizationName(u"Keyright"_s);
    QApplication::setApplicationName(u"keyright-admin"_s);
    QApplication::setApplicationDisplayName(u"Keyright admin"_s);
    QApplication::setApplicationVersion(QStringLiteral(KEYRIGHT_VERSION));
    QApplication::setDesktopFileName(u"keyright-admin"_s);
    QApplication::setWindowIcon(keyrightIcon(u"keyright"_s));

    QSettings settings;
    LanguageManager languages;

    QCommandLineParser parser;
    parser.setApplicationDescription(QCoreApplication::translate("main", "Keyright administration dashboard"));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption serverOption(u"server"_s, QCoreApplication::translate("main", "Connect to this server."),
                                          u"url"_s);
    const QCommandLineOption tokenOption(
        u"token-file"_s, QCoreApplication::translate("main", "Admin token file for --server."), u"file"_s);
    const QCommandLineOption languageOption(
        u"language"_s, QCoreApplication::translate("main", "Interface language (en, fr)."), u"code"_s);
    QCommandLineOption screenshotOption(u"screenshot"_s, u"Save a picture of the window and quit."_s, u"file"_s);
    screenshotOption.setFlags(QCommandLineOption::HiddenFromHelp);
    QCommandLineOption delayOption(u"screenshot-delay"_s, u"Wait this long before the picture (6s)."_s, u"duration"_s,
                                   u"6s"_s);
    delayOption.setFlags(QCommandLineOption::HiddenFromHelp);
    QCommandLineOption sizeOption(u"window-size"_s, u"Window size, e.g. 1280x720."_s, u"size"_s);
    sizeOption.setFlags(QCommandLineOption::HiddenFromHelp);
    // For the docs and for checking the state colours: Fusion with the usual dark palette.
    QCommandLineOption darkOption(u"dark"_s, u"Use a dark Fusion palette."_s);
    darkOption.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOptions(
        {serverOption, tokenOption, languageOption, screenshotOption, delayOption, sizeOption, darkOption});
    parser.process(app);
    if (parser.isSet(darkOption))
        useDarkPalette();

    languages.apply(parser.isSet(languageOption) ? parser.value(languageOption)
                                                 : settings.value(u"ui/language"_s).toString());

    QNetworkAccessManager network;
    const Clock &clock = SystemClock::instance();
    DashboardSession session(network, clock);
    MainWindow window(session, settings);
    window.setLanguageManager(&languages);
    EmbeddedDemo demo(network, clock);
    window.addPage(
        new SimulatorPage(window.pageContext()),
        [] { return QCoreApplication::translate("main", "Clock-skew simulator"); }, keyrightIcon(u"refresh"_s));
    window.addPage(
        new FleetPage(window.pageContext()), [] { return QCoreApplication::translate("main", "Fleet"); },
        keyrightIcon(u"seats"_s));
    window.addPage(
        new ReplicasDemoView, [] { return QCoreApplication::translate("main", "Replicas demo"); },
        keyrightIcon(u"copy"_s));

    const auto useEmbedded = [&] {
        QString error;
        const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + u"/embedded-server"_s;
        if (!demo.start(dir, &error)) {
            window.errorBanner()->showError(
                QCoreApplication::translate("main", "The embedded demo server did not start"), error);
            return;
        }
        const auto token = readSecretFile(demo.adminTokenPath(), &error);
        if (!token) {
            window.errorBanner()->showError(QCoreApplication::translate("main", "Cannot read the demo server's token"),
                                            error);
            return;
        }
        window.setEmbeddedServer(demo.url(), demo.dataDir(),
                                 [&demo](std::chrono::milliseconds by) { demo.jumpServerClock(by); });
        session.connectTo(demo.url(), token->view(), QCoreApplication::translate("main", "Embedded demo server"));
    };
    QObject::connect(&window, &MainWindow::embeddedServerRequested, &window, useEmbedded);

    if (parser.isSet(serverOption)) {
        QString error;
        const auto token = readSecretFile(parser.value(tokenOption), &error);
        if (!token) {
            std::fprintf(stderr, "%s\n",
                         qPrintable(QCoreApplication::translate("main", "Cannot read the admin token: %1").arg(error)));
            return 2;
        }
        session.connectTo(QUrl::fromUserInput(parser.value(serverOption)), token->view());
    } else if (const QString last = window.profiles().lastUsed(); last.isEmpty() || !window.connectToProfile(last)) {
        useEmbedded();
    }

    if (parser.isSet(sizeOption)) {
        const QStringList wh = parser.value(sizeOption).split(u'x');
        if (wh.size() == 2)
            window.resize(wh.at(0).toInt(), wh.at(1).toInt());
    }
    window.show();

    if (parser.isSet(screenshotOption)) {
        const auto delay = parseDuration(parser.value(delayOption)).value_or(6s);
        const QString file = parser.value(screenshotOption);
        QTimer::singleShot(delay, &window, [&window, file] {
            if (!window.grab().save(file))
                std::fprintf(stderr, "Could not write %s\n", qPrintable(file));
            QApplication::quit();
        });
    }

    QObject::connect(&app, &QApplication::aboutToQuit, &demo, [&demo] { demo.releaseAll(1500ms); });
    return app.exec();
}
