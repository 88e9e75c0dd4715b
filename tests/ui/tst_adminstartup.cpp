// keyright-admin as a launcher or a terminal starts it: --help with no display at all, and a
// start-up error (a token file others may read) that is a dialog with the fix, not a silent exit.
#include <QFile>
#include <QImage>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

struct Run
{
    int exitCode = -1;
    QProcess::ExitStatus status = QProcess::CrashExit;
    QString out;
    QString err;
};

Run runAdmin(const QStringList &arguments, const QProcessEnvironment &environment)
{
    QProcess process;
    process.setProcessEnvironment(environment);
    process.start(QStringLiteral(KEYRIGHT_ADMIN_BINARY), arguments);
    Run run;
    if (!process.waitForFinished(30000)) {
        process.kill();
        process.waitForFinished(5000);
        return run;
    }
    run.exitCode = process.exitCode();
    run.status = process.exitStatus();
    run.out = QString::fromUtf8(process.readAllStandardOutput());
    run.err = QString::fromUtf8(process.readAllStandardError());
    return run;
}

} // namespace

class TestAdminStartup : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void helpNeedsNoDisplay();
    void unknownOptionIsAUsageError();
    void unreadableTokenIsADialogWithTheFix();
    void windowSizeIsTakenWithinTheScreen();
    void serverTakesACommaListOrRepeats();
};

void TestAdminStartup::helpNeedsNoDisplay()
{
    // No X, no Wayland, no platform plug-in named: a QApplication would abort here.
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    for (const char *name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
        environment.remove(QString::fromLatin1(name));
    const Run run = runAdmin({u"--help"_s}, environment);
    QCOMPARE(run.status, QProcess::NormalExit);
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.out.startsWith(u"Usage: keyright-admin"_s), qPrintable(run.out));
    for (const QString &option : {u"--server"_s, u"--token-file"_s, u"--language"_s, u"--screenshot <file>"_s,
                                  u"--screenshot-delay"_s, u"--window-size"_s})
        QVERIFY2(run.out.contains(option), qPrintable(option));
}

void TestAdminStartup::unknownOptionIsAUsageError()
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.remove(u"DISPLAY"_s);
    environment.remove(u"QT_QPA_PLATFORM"_s);
    const Run run = runAdmin({u"--bogus"_s}, environment);
    QCOMPARE(run.status, QProcess::NormalExit);
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains(u"bogus"_s) && run.err.contains(u"keyright-admin --help"_s), qPrintable(run.err));
}

void TestAdminStartup::unreadableTokenIsADialogWithTheFix()
{
    QTemporaryDir dir;
    const QString token = dir.filePath(u"admin.token"_s);
    {
        QFile file(token);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("secret\n");
    }
    QVERIFY(QFile::setPermissions(token,
                                  QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadGroup
                                      | QFileDevice::ReadOther)); // 0644
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(u"QT_QPA_PLATFORM"_s, u"offscreen"_s);
    environment.insert(u"XDG_CONFIG_HOME"_s, dir.filePath(u"config"_s));
    environment.insert(u"XDG_DATA_HOME"_s, dir.filePath(u"data"_s));
    // --screenshot pictures the dialog and closes it, as a person would.
    const QString picture = dir.filePath(u"error.png"_s);
    const Run run = runAdmin({u"--server"_s, u"http://127.0.0.1:9"_s, u"--token-file"_s, token, u"--screenshot"_s,
                              picture, u"--screenshot-delay"_s, u"300ms"_s},
                             environment);
    QCOMPARE(run.status, QProcess::NormalExit);
    QCOMPARE(run.exitCode, 2);
    const QString fix = u"chmod 600 %1"_s.arg(token);
    QVERIFY2(run.err.contains(fix), qPrintable(run.err));
    // The dialog was on screen: a picture of a window that is not empty.
    const QImage shot(picture);
    QVERIFY2(!shot.isNull(), "no dialog was shown");
    QVERIFY(shot.width() > 100 && shot.height() > 50);
}

// --window-size WxH sizes the window (the picture is the window); a size the screen has no room
// for is made to fit it, and a value that is not a size is a start-up error naming the option.
void TestAdminStartup::windowSizeIsTakenWithinTheScreen()
{
    QTemporaryDir dir;
    const QString token = dir.filePath(u"admin.token"_s);
    {
        QFile file(token);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef\n");
    }
    QVERIFY(QFile::setPermissions(token, QFileDevice::ReadOwner | QFileDevice::WriteOwner));
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(u"QT_QPA_PLATFORM"_s, u"offscreen"_s); // one screen of 800x800
    environment.insert(u"XDG_CONFIG_HOME"_s, dir.filePath(u"config"_s));
    environment.insert(u"XDG_DATA_HOME"_s, dir.filePath(u"data"_s));
    const auto picture = [&](const QString &size, const QString &file) {
        QStringList arguments {u"--server"_s,     u"http://127.0.0.1:9"_s, u"--token-file"_s,       token,
                               u"--screenshot"_s, dir.filePath(file),      u"--screenshot-delay"_s, u"300ms"_s};
        if (!size.isEmpty())
            arguments << u"--window-size"_s << size;
        return runAdmin(arguments, environment);
    };

    // No size asked, nothing saved: the first start fits the screen too.
    Run run = picture({}, u"first.png"_s);
    QCOMPARE(run.exitCode, 0);
    const QImage first(dir.filePath(u"first.png"_s));
    QVERIFY2(!first.isNull() && first.width() <= 800 && first.height() <= 800,
             qPrintable(u"%1x%2"_s.arg(first.width()).arg(first.height())));

    run = picture(u"720x560"_s, u"asked.png"_s);
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(QImage(dir.filePath(u"asked.png"_s)).size(), QSize(720, 560));

    run = picture(u"2040x1230"_s, u"large.png"_s);
    QCOMPARE(run.exitCode, 0);
    const QImage large(dir.filePath(u"large.png"_s));
    QVERIFY2(!large.isNull() && large.width() <= 800 && large.height() <= 800,
             qPrintable(u"%1x%2"_s.arg(large.width()).arg(large.height())));

    run = picture(u"huge"_s, u"bad.png"_s);
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains(u"--window-size"_s) && run.err.contains(u"huge"_s), qPrintable(run.err));
}

// Walk 47: `--server 'http://a:27401,http://a:27402'` was one mangled URL ("host http not found")
// and `--server A --server B` kept B alone. Both forms now name the instances of one site, as a
// profile's URL field and the CLI do; what is not a URL is a start-up error naming it.
void TestAdminStartup::serverTakesACommaListOrRepeats()
{
    QTemporaryDir dir;
    const QString token = dir.filePath(u"admin.token"_s);
    {
        QFile file(token);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("secret\n");
    }
    QVERIFY(QFile::setPermissions(token, QFileDevice::ReadOwner | QFileDevice::WriteOwner));
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(u"QT_QPA_PLATFORM"_s, u"offscreen"_s);
    environment.insert(u"XDG_CONFIG_HOME"_s, dir.filePath(u"config"_s));
    environment.insert(u"XDG_DATA_HOME"_s, dir.filePath(u"data"_s));
    const auto run = [&](const QStringList &servers) {
        QStringList arguments;
        for (const QString &server : servers)
            arguments << u"--server"_s << server;
        arguments << u"--token-file"_s << token << u"--screenshot"_s << dir.filePath(u"shot.png"_s)
                  << u"--screenshot-delay"_s << u"300ms"_s;
        return runAdmin(arguments, environment);
    };
    // Each form is read whole: a URL listed twice, across the comma list or the repeats, is named.
    for (const QStringList &servers :
         {QStringList {u"http://127.0.0.1:9, http://127.0.0.1:10,http://127.0.0.1:9"_s},
          QStringList {u"http://127.0.0.1:9"_s, u"http://127.0.0.1:10"_s, u"http://127.0.0.1:9"_s}}) {
        const Run twice = run(servers);
        QCOMPARE(twice.exitCode, 2);
        QVERIFY2(twice.err.contains(u"Cannot use --server: http://127.0.0.1:9 is listed twice."_s),
                 qPrintable(twice.err));
    }
    const Run notUrl = run({u"http://127.0.0.1:9,127.0.0.1:10"_s});
    QCOMPARE(notUrl.exitCode, 2);
    QVERIFY2(notUrl.err.contains(u"\"127.0.0.1:10\" is not a server URL"_s), qPrintable(notUrl.err));
    // Two instances either way: the window opens (and pictures itself) without an error.
    for (const QStringList &servers : {QStringList {u"http://127.0.0.1:9,http://127.0.0.1:10"_s},
                                       QStringList {u"http://127.0.0.1:9"_s, u"http://127.0.0.1:10"_s}}) {
        const Run ok = run(servers);
        QCOMPARE(ok.status, QProcess::NormalExit);
        QVERIFY2(ok.exitCode == 0, qPrintable(ok.err));
        QVERIFY2(!ok.err.contains(u"Cannot use"_s), qPrintable(ok.err));
    }
}

QTEST_GUILESS_MAIN(TestAdminStartup)
#include "tst_adminstartup.moc"
