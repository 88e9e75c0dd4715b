#include "ConnectionProfile.h"
#include "DashboardSession.h"
#include "DashboardSettings.h"
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
#include <QMessageBox>
#include <QNetworkAccessManager>
#include <QPalette>
#include <QSocketNotifier>
#include <QStandardPaths>
#include <QTimer>

#include <csignal>
#include <cstdio>
#include <optional>
#include <sys/socket.h>
#include <unistd.h>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;
using namespace keyright;

namespace {

int quitPipe[2] = {-1, -1};

void onQuitSignal(int)
{
    const char byte = 1;
    [[maybe_unused]] const auto written = ::write(quitPipe[1], &byte, 1);
}

// SIGTERM (a session logging out, `kill`) and SIGINT (Ctrl+C in the terminal) quit as the window's
// Quit does, so the embedded demo gives its seats back before the process goes (walk 46: killed,
// it left them held and the next start's story was wrong). The handler only writes to a socket
// pair; the event loop quits.
void quitOnSignals(QApplication &app)
{
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, quitPipe) != 0)
        return;
    auto *notifier = new QSocketNotifier(quitPipe[0], QSocketNotifier::Read, &app);
    QObject::connect(notifier, &QSocketNotifier::activated, &app, [] {
        char byte = 0;
        if (::read(quitPipe[0], &byte, 1) == 1)
            QApplication::quit();
    });
    struct sigaction action = {};
    action.sa_handler = onQuitSignal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    sigaction(SIGINT, &action, nullptr);
    sigaction(SIGTERM, &action, nullptr);
}

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

// The options, declared once for the display-free pass and for the real one.
struct AdminOptions
{
    QCommandLineOption server {u"server"_s,
                               QCoreApplication::translate("main",
                                                           "Connect to this server; for the instances of one site, "
                                                           "repeat it or separate their URLs with commas."),
                               u"url"_s};
    QCommandLineOption token {
        u"token-file"_s, QCoreApplication::translate("main", "Admin token file for --server (mode 0600)."), u"file"_s};
    QCommandLineOption language {u"language"_s, QCoreApplication::translate("main", "Interface language (en, fr)."),
                                 u"code"_s};
    QCommandLineOption screenshot {
        u"screenshot"_s, QCoreApplication::translate("main", "Save a picture of the window to this file and quit."),
        u"file"_s};
    QCommandLineOption delay {
        u"screenshot-delay"_s,
        QCoreApplication::translate("main", "How long to wait before the picture (default 6s; e.g. 500ms, 10s)."),
        u"duration"_s, u"6s"_s};
    QCommandLineOption size {u"window-size"_s, QCoreApplication::translate("main", "Window size, e.g. 1280x720."),
                             u"WIDTHxHEIGHT"_s};
    // For the docs and for checking the state colours: Fusion with the usual dark palette.
    QCommandLineOption dark {u"dark"_s, QCoreApplication::translate("main", "Use a dark Fusion palette.")};

    void addTo(QCommandLineParser &parser) const
    {
        parser.setApplicationDescription(QCoreApplication::translate("main", "Keyright administration dashboard"));
        parser.addHelpOption();
        parser.addVersionOption();
        parser.addOptions({server, token, language, screenshot, delay, size, dark});
    }
};

// "1280x720" (logical pixels); nullopt for anything else.
std::optional<QSize> parseWindowSize(const QString &text)
{
    const QStringList parts = text.trimmed().toLower().split(u'x');
    if (parts.size() != 2)
        return std::nullopt;
    bool wideOk = false;
    bool highOk = false;
    const int wide = parts.at(0).toInt(&wideOk);
    const int high = parts.at(1).toInt(&highOk);
    if (!wideOk || !highOk || wide <= 0 || high <= 0)
        return std::nullopt;
    return QSize(wide, high);
}

void setApplicationNames()
{
    QCoreApplication::setOrganizationName(u"Keyright"_s);
    QCoreApplication::setApplicationName(u"keyright-admin"_s);
    QCoreApplication::setApplicationVersion(QStringLiteral(KEYRIGHT_VERSION));
}

// --help, --version and usage errors need no display: they are answered before the QApplication
// exists (which aborts where there is no display), from a terminal. -1 when the window is wanted.
int answerWithoutDisplay(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    setApplicationNames();
    QCommandLineParser parser;
    const AdminOptions options;
    options.addTo(parser);
    if (!parser.parse(QCoreApplication::arguments())) {
        std::fprintf(stderr, "keyright-admin: %s (see keyright-admin --help)\n", qPrintable(parser.errorText()));
        return 2;
    }
    if (parser.isSet(u"help"_s)) {
        std::fputs(
            qPrintable(parser.helpText().replace(QCoreApplication::arguments().constFirst(), u"keyright-admin"_s)),
            stdout);
        return 0;
    }
    if (parser.isSet(u"version"_s)) {
        std::printf("keyright-admin %s\n", KEYRIGHT_VERSION);
        return 0;
    }
    return -1;
}

// A problem that stops the dashboard before its window: on stderr for a terminal and in a dialog
// for a desktop launcher, where stderr goes nowhere. With --screenshot the dialog is pictured and
// closed, so the path can be checked without a person.
int startupError(const QString &what, const QString &why, const QString &screenshot, std::chrono::milliseconds delay)
{
    std::fprintf(stderr, "keyright-admin: %s: %s\n", qPrintable(what), qPrintable(why));
    QMessageBox box(QMessageBox::Critical, QCoreApplication::translate("main", "Keyright admin"), what,
                    QMessageBox::Close);
    box.setInformativeText(why);
    box.setTextInteractionFlags(Qt::TextSelectableByMouse);
    if (!screenshot.isEmpty()) {
        QTimer::singleShot(delay, &box, [&box, screenshot] {
            if (!box.grab().save(screenshot))
                std::fprintf(stderr, "Could not write %s\n", qPrintable(screenshot));
            box.done(QMessageBox::Close);
        });
    }
    box.exec();
    return 2;
}

} // namespace

int main(int argc, char *argv[])
{
    if (const int answered = answerWithoutDisplay(argc, argv); answered >= 0)
        return answered;

    QApplication app(argc, argv);
    setApplicationNames();
    QApplication::setApplicationDisplayName(u"Keyright admin"_s);
    QApplication::setDesktopFileName(u"keyright-admin"_s);
    QApplication::setWindowIcon(keyrightIcon(u"keyright"_s));

    DashboardSettings settings;
    LanguageManager languages;

    QCommandLineParser parser;
    const AdminOptions options;
    options.addTo(parser);
    parser.process(app);
    const QCommandLineOption &serverOption = options.server;
    const QCommandLineOption &tokenOption = options.token;
    const QCommandLineOption &languageOption = options.language;
    const QCommandLineOption &screenshotOption = options.screenshot;
    const QCommandLineOption &delayOption = options.delay;
    const QCommandLineOption &sizeOption = options.size;
    const QCommandLineOption &darkOption = options.dark;
    if (parser.isSet(darkOption))
        useDarkPalette();

    languages.apply(parser.isSet(languageOption) ? parser.value(languageOption)
                                                 : settings.value(DashboardSettings::language));

    QNetworkAccessManager network;
    const Clock &clock = SystemClock::instance();
    DashboardSession session(network, clock);
    MainWindow window(session, settings);
    window.setLanguageManager(&languages, parser.value(languageOption));
    EmbeddedDemo demo(clock);
    window.addPage(
        new SimulatorPage(window.pageContext()),
        [] { return QCoreApplication::translate("main", "Clock-skew simulator"); }, keyrightIcon(u"refresh"_s));
    window.addPage(
        new FleetPage(window.pageContext()), [] { return QCoreApplication::translate("main", "Fleet"); },
        keyrightIcon(u"seats"_s));
    window.addPage(
        new ReplicasDemoView, [] { return QCoreApplication::translate("main", "Replicas demo"); },
        keyrightIcon(u"copy"_s));

    // The demo server starts on its own thread and says when it listens.
    QObject::connect(&demo, &EmbeddedDemo::started, &window, [&] {
        QString error;
        const auto token = readSecretFile(demo.adminTokenPath(), &error);
        if (!token) {
            window.errorBanner()->showError(QCoreApplication::translate("main", "Cannot read the demo server's token"),
                                            error);
            return;
        }
        EmbeddedServerInfo embedded {demo.url(), demo.dataDir(),
                                     [&demo](std::chrono::milliseconds by) { demo.jumpServerClock(by); }};
        embedded.instances = demo.instanceHooks();
        window.setEmbeddedServer(std::move(embedded));
        session.connectTo(demo.url(), token->view(), QCoreApplication::translate("main", "Embedded demo server"));
    });
    QObject::connect(&demo, &EmbeddedDemo::startFailed, &window, [&window](const QString &error) {
        window.errorBanner()->showError(QCoreApplication::translate("main", "The embedded demo server did not start"),
                                        error);
    });
    const auto useEmbedded = [&demo] {
        demo.start(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + u"/embedded-server"_s);
    };
    QObject::connect(&window, &MainWindow::embeddedServerRequested, &window, useEmbedded);

    if (parser.isSet(serverOption)) {
        QString error;
        // The forms a profile's URL field and the CLI take: a comma list, or --server repeated
        // (walk 47: a comma list was read as one mangled URL, and a repeated one kept the last).
        const QList<QUrl> urls = ConnectionProfile::parseInstances(parser.values(serverOption).join(u", "_s), &error);
        if (urls.isEmpty())
            return startupError(QCoreApplication::translate("main", "Cannot use --server"), error,
                                parser.value(screenshotOption), parseDuration(parser.value(delayOption)).value_or(6s));
        const auto token = readSecretFile(parser.value(tokenOption), &error);
        if (!token)
            return startupError(QCoreApplication::translate("main", "Cannot read the admin token"), error,
                                parser.value(screenshotOption), parseDuration(parser.value(delayOption)).value_or(6s));
        session.connectTo(urls, token->view());
    } else if (const QString last = window.profiles().lastUsed(); last.isEmpty() || !window.connectToProfile(last)) {
        useEmbedded();
    }

    if (parser.isSet(sizeOption)) {
        const std::optional<QSize> size = parseWindowSize(parser.value(sizeOption));
        if (!size)
            return startupError(QCoreApplication::translate("main", "Cannot use --window-size"),
                                QCoreApplication::translate("main", "\"%1\" is not a size such as 1280x720.")
                                    .arg(parser.value(sizeOption)),
                                parser.value(screenshotOption), parseDuration(parser.value(delayOption)).value_or(6s));
        window.resizeWithinScreen(*size);
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

    // Its seats back before the process goes, so a restart within a TTL finds them free.
    QObject::connect(&app, &QApplication::aboutToQuit, &demo, [&demo] { demo.stop(1500ms); });
    quitOnSignals(app);
    return app.exec();
}
