#include "http/ApiRoute.h"
#include "http/HttpLimits.h"
#include "http/HttpRequestDecoder.h"
#include "http/RequestParsing.h"
#include "wire/EventRecord.h"
#include "wire/LeaseList.h"
#include "wire/LicenseSummary.h"
#include "wire/ReapResult.h"
#include "wire/StatsSnapshot.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRandomGenerator>
#include <QTest>

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/common_interface_defs.h>
#endif

#include <cstdio>

using namespace Qt::StringLiterals;
using namespace keyright;
using namespace keyright::server;

// A seeded mutation fuzzer of the request decoding (issue 15): the HTTP front end's decoder
// (Boost.Beast plus our checks), then what the API does with a decoded request (route matching,
// RequestParsing's body and query parsers) and the JSON codecs of core/wire, on inputs mutated
// from the corpus in tests/server/fuzz-corpus. It runs in the ASan/UBSan tree CI already builds, so
// a crash, a leak or undefined behaviour fails the test. Besides not crashing it checks that:
// a refusal is one of the statuses the front end answers with and ends the connection; the
// buffer never exceeds its limit; and the requests decoded do not depend on how the bytes were
// cut into reads (one read, or random pieces): framing that depended on it would be a smuggling
// vector. (When a refusal comes may differ: see below.)
//
// KEYRIGHT_FUZZ_SECONDS (default 60) bounds the run, KEYRIGHT_FUZZ_SEED picks the sequence; the
// last input is written to KEYRIGHT_FUZZ_CRASH_FILE (default keyright-fuzz-crash.bin in the
// working directory) when a sanitizer stops the process. bench/run-fuzz.sh runs it for an hour.
class TestFuzzDecoding : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void chunkedBodyByteByByte_data();
    void chunkedBodyByteByByte();
    void emptyLinesBeforeARequestByteByByte_data();
    void emptyLinesBeforeARequestByteByByte();
    void mutatedRequestsAreDecodedSafely();

private:
    QList<QByteArray> m_corpus;
};

namespace {

QByteArray g_current; // the input being decoded, for the crash file
QByteArray g_crashFile;

#if defined(__SANITIZE_ADDRESS__)
void writeCrashInput()
{
    if (FILE *file = std::fopen(g_crashFile.constData(), "wb")) {
        std::fwrite(g_current.constData(), 1, size_t(g_current.size()), file);
        std::fclose(file);
        std::fprintf(stderr, "fuzz: the input that failed is in %s\n", g_crashFile.constData());
    }
}
#endif

// Tokens that move a mutation into the interesting corners of HTTP and JSON.
const QList<QByteArray> &dictionary()
{
    static const QList<QByteArray> words {"\r\n",
                                          "\r\n\r\n",
                                          "\n",
                                          ": ",
                                          " ",
                                          "\t",
                                          "\0",
                                          "Content-Length: ",
                                          "Transfer-Encoding: chunked",
                                          "chunked",
                                          "gzip, ",
                                          "-1",
                                          "0x10",
                                          "99999999999999999999",
                                          "Connection: close",
                                          "Connection: keep-alive",
                                          "HTTP/1.0",
                                          "HTTP/1.1",
                                          "HTTP/1.10",
                                          "HTTP/2.0",
                                          "Expect: 100-continue",
                                          "Authorization: Bearer ",
                                          "License kr1-",
                                          "?",
                                          "=",
                                          "&",
                                          "%",
                                          "%00",
                                          "%2F",
                                          "%ff",
                                          "#",
                                          "/v1/",
                                          "0\r\n\r\n",
                                          "ffffffff\r\n",
                                          ";ext=1",
                                          "\\ud800",
                                          "\\u0000",
                                          "\"",
                                          "{",
                                          "}",
                                          "[",
                                          "]",
                                          ",",
                                          ":",
                                          "1e999",
                                          "-0",
                                          "null",
                                          "true",
                                          "\"holder\"",
                                          "\"requestId\"",
                                          "\"seatCount\"",
                                          "\"ttlSeconds\"",
                                          "\"expiresAt\"",
                                          "2026-11-29T21:00:00.000Z",
                                          "\xc3\x28",
                                          "\xed\xa0\x80",
                                          "\xf4\x90\x80\x80",
                                          "Host: x\r\n",
                                          "\r\n ",
                                          "\r\n\t",
                                          "%6D",
                                          "/../",
                                          "\\uffff",
                                          "\xef\xbf\xbe",
                                          "\r\nX-Trailer: 1\r\n"};
    return words;
}

QByteArray mutate(QByteArray input, const QList<QByteArray> &corpus, QRandomGenerator &random)
{
    const int rounds = 1 + int(random.bounded(8));
    for (int round = 0; round < rounds; ++round) {
        const qsizetype size = input.size();
        const qsizetype at = size ? qsizetype(random.bounded(quint32(size + 1))) : 0;
        switch (random.bounded(8)) {
        case 0: // flip a bit
            if (size)
                input[qMin(at, size - 1)] = char(input[qMin(at, size - 1)] ^ char(1 << random.bounded(8)));
            break;
        case 1: // set a random byte
            if (size)
                input[qMin(at, size - 1)] = char(random.bounded(256));
            break;
        case 2: // delete a run
            input.remove(at, qsizetype(random.bounded(16)) + 1);
            break;
        case 3: // insert a dictionary word
        case 4: {
            const QByteArray &word = dictionary().at(qsizetype(random.bounded(quint32(dictionary().size()))));
            input.insert(at, word);
            break;
        }
        case 5: // duplicate a slice (repeated headers, repeated chunks)
            if (size) {
                const qsizetype from = qsizetype(random.bounded(quint32(size)));
                input.insert(at, input.mid(from, qsizetype(random.bounded(64)) + 1));
            }
            break;
        case 6: { // splice with another input
            const QByteArray &other = corpus.at(qsizetype(random.bounded(quint32(corpus.size()))));
            if (!other.isEmpty())
                input = input.first(at) + other.sliced(qsizetype(random.bounded(quint32(other.size()))));
            break;
        }
        case 7: // a long run of one byte (limits)
            input.insert(at, QByteArray(qsizetype(random.bounded(20000)), char(random.bounded(256))));
            break;
        }
    }
    return input.left(256 * 1024);
}

// What a turn would do with a decoded request short of the store: route it and parse what it sent.
void exercise(const ApiRequest &request)
{
    ApiError error;
    ApiRoute::match(request.method, request.path, &error);
    request::parseCheckout(request.body);
    request::parseLicenseSpec(request.body);
    request::parseRevoke(request.body);
    request::parseTokenSpec(request.body);
    request::parseEventQuery(request.query);
    request::parseDryRun(request.query);
    request::credential(request.authorization, "Bearer");
    request::credential(request.authorization, "License");
}

// The client side's decoders of the same bytes, as if a server had sent them.
void exerciseWire(const QByteArray &bytes)
{
    const QJsonDocument document = QJsonDocument::fromJson(bytes);
    const QJsonObject json = document.object();
    LeaseList::fromJson(json, u"acme-cad"_s);
    EventPage::fromJson(json);
    LicenseList::fromJson(json);
    ReapResult::fromJson(json, true);
    ReapResult::fromJson(json, false);
    StatsSnapshot::fromJson(json);
    const QJsonArray array = document.array();
    LicenseSummary::fromJson(array.isEmpty() ? QJsonValue(json) : array.at(0));
}

struct Outcome
{
    QList<QByteArray> requests; // method, path, query, body of each, in order
    int rejection = 0; // status of the refusal, 0 when none

    bool operator==(const Outcome &) const = default;
};

// Feeds `input` in pieces cut at random (or whole) and records what came out.
Outcome decode(const QByteArray &input, QRandomGenerator *cutter, qint64 *requests)
{
    static const HttpLimits limits;
    HttpRequestDecoder decoder(limits, request::maxBodyBytes);
    Outcome outcome;
    qsizetype offset = 0;
    while (offset < input.size() && outcome.rejection == 0) {
        qsizetype piece = input.size() - offset;
        if (cutter)
            piece = qMin(piece, qsizetype(cutter->bounded(quint32(qMin<qsizetype>(piece, 4096)))) + 1);
        piece = qMin(piece, decoder.room());
        if (piece <= 0) {
            QTest::qFail("the decoder stopped taking bytes without a request or a refusal", __FILE__, __LINE__);
            break;
        }
        decoder.append(QByteArrayView(input).sliced(offset, piece));
        offset += piece;
        for (;;) {
            const auto status = decoder.decode();
            if (status == HttpRequestDecoder::Status::NeedMore)
                break;
            if (status == HttpRequestDecoder::Status::Rejected) {
                outcome.rejection = decoder.rejection().status;
                break;
            }
            const auto decoded = decoder.takeRequest();
            ++*requests;
            exercise(decoded.request);
            outcome.requests.append(decoded.request.method + ' ' + decoded.request.path.toUtf8() + '?'
                                    + decoded.request.query.toString().toUtf8() + ' ' + decoded.request.body);
        }
        if (decoder.room() < 0 || decoder.room() > limits.maxBufferedBytes)
            QTest::qFail("the decoder's buffer is outside its limit", __FILE__, __LINE__);
    }
    return outcome;
}

} // namespace

void TestFuzzDecoding::initTestCase()
{
    const QDir dir(QStringLiteral(KEYRIGHT_SOURCE_DIR "/tests/server/fuzz-corpus"));
    for (const QString &name : dir.entryList(QDir::Files, QDir::Name)) {
        QFile file(dir.filePath(name));
        QVERIFY(file.open(QIODevice::ReadOnly));
        m_corpus.append(file.readAll());
    }
    QVERIFY2(m_corpus.size() >= 10, "the checked-in corpus is missing");
    g_crashFile = qEnvironmentVariable("KEYRIGHT_FUZZ_CRASH_FILE", u"keyright-fuzz-crash.bin"_s).toLocal8Bit();
#if defined(__SANITIZE_ADDRESS__)
    __sanitizer_set_death_callback(writeCrashInput);
#endif
}

void TestFuzzDecoding::chunkedBodyByteByByte_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QByteArray>("decoded");
    QTest::newRow("empty") << QByteArray("0\r\n\r\n") << QByteArray();
    QTest::newRow("one chunk") << QByteArray("3\r\nabc\r\n0\r\n\r\n") << QByteArray("abc");
}

// Found by the fuzzer (seed 830228678): a chunked body whose last lines arrive a byte at a time.
// Beast's parser asserted that the final chunk it had already seen came back with at least five
// bytes; the decoder must only ask it again once that many are there.
void TestFuzzDecoding::chunkedBodyByteByByte()
{
    QFETCH(QByteArray, body);
    QFETCH(QByteArray, decoded);
    const QByteArray input = "POST /v1/reap HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n" + body;
    static const HttpLimits limits;
    HttpRequestDecoder decoder(limits, request::maxBodyBytes);
    int requests = 0;
    for (qsizetype i = 0; i < input.size(); ++i) {
        decoder.append(QByteArrayView(input).sliced(i, 1));
        const auto status = decoder.decode();
        QVERIFY(status != HttpRequestDecoder::Status::Rejected);
        if (status == HttpRequestDecoder::Status::Request) {
            QCOMPARE(i, input.size() - 1); // not before the last byte
            QCOMPARE(decoder.takeRequest().request.body, decoded);
            ++requests;
        }
    }
    QCOMPARE(requests, 1);
}

void TestFuzzDecoding::emptyLinesBeforeARequestByteByByte_data()
{
    QTest::addColumn<QByteArray>("before");
    QTest::addColumn<bool>("decoded");
    QTest::newRow("none") << QByteArray() << true;
    QTest::newRow("two empty lines") << QByteArray("\r\n\r\n") << true;
    QTest::newRow("bare line feeds") << QByteArray("\n\n") << true;
    // Found by the hour-long run (seed 833909324): skipped four bytes at a time per read, so that
    // cut into reads any number of them passed, and whole the request was refused.
    QTest::newRow("six bytes") << QByteArray("\r\n\r\r\n\n") << false;
    QTest::newRow("three empty lines") << QByteArray("\r\n\r\n\r\n") << false;
}

// Whole or a byte at a time, the same verdict on what comes before a request line.
void TestFuzzDecoding::emptyLinesBeforeARequestByteByByte()
{
    QFETCH(QByteArray, before);
    QFETCH(bool, decoded);
    const QByteArray input = before + "GET /v1/health HTTP/1.1\r\nHost: x\r\n\r\n";
    static const HttpLimits limits;
    for (const bool byteByByte : {false, true}) {
        HttpRequestDecoder decoder(limits, request::maxBodyBytes);
        auto status = HttpRequestDecoder::Status::NeedMore;
        for (qsizetype i = 0; i < input.size() && status == HttpRequestDecoder::Status::NeedMore;) {
            const qsizetype length = byteByByte ? 1 : input.size();
            decoder.append(QByteArrayView(input).sliced(i, length));
            i += length;
            status = decoder.decode();
        }
        QCOMPARE(status, decoded ? HttpRequestDecoder::Status::Request : HttpRequestDecoder::Status::Rejected);
        if (decoded)
            QCOMPARE(decoder.takeRequest().request.path, u"/v1/health"_s);
        else
            QCOMPARE(decoder.rejection().status, 400);
    }
}

void TestFuzzDecoding::mutatedRequestsAreDecodedSafely()
{
    const int seconds = qEnvironmentVariableIntValue("KEYRIGHT_FUZZ_SECONDS") > 0
        ? qEnvironmentVariableIntValue("KEYRIGHT_FUZZ_SECONDS")
        : 60;
    const quint32 seed = qEnvironmentVariableIsSet("KEYRIGHT_FUZZ_SEED")
        ? quint32(qEnvironmentVariableIntValue("KEYRIGHT_FUZZ_SEED"))
        : quint32(QDateTime::currentMSecsSinceEpoch());
    QRandomGenerator random(seed);
    qInfo("fuzz: seed %u, %d s (KEYRIGHT_FUZZ_SEED, KEYRIGHT_FUZZ_SECONDS)", seed, seconds);

    const QSet<int> refusals {400, 413, 431, 501, 505};
    qint64 inputs = 0;
    qint64 requests = 0;
    QMap<int, qint64> rejected;
    qint64 verdictsDiffering = 0;
    QElapsedTimer elapsed;
    elapsed.start();
    // The corpus as it is first, then mutations.
    for (qsizetype i = 0; elapsed.elapsed() < seconds * 1000LL; ++i) {
        g_current = i < m_corpus.size()
            ? m_corpus.at(i)
            : mutate(m_corpus.at(qsizetype(random.bounded(quint32(m_corpus.size())))), m_corpus, random);
        ++inputs;
        const Outcome whole = decode(g_current, nullptr, &requests);
        QRandomGenerator cutter(random.generate());
        const Outcome pieces = decode(g_current, &cutter, &requests);
        // A malformed start line cut in the middle can be refused at once as a bad line when whole,
        // and only at the header limit or timeout when cut (Beast parses eagerly on its first call
        // only): which refusal, and when, may differ; what is decoded must not.
        if (whole.rejection != pieces.rejection)
            ++verdictsDiffering;
        if (whole.requests != pieces.requests) {
            QFile out(QString::fromLocal8Bit(g_crashFile));
            if (out.open(QIODevice::WriteOnly))
                out.write(g_current);
            QFAIL(qPrintable(u"the same bytes decoded differently when cut into pieces (%1 vs %2 requests, "
                             "refusal %3 vs %4); input in %5"_s.arg(whole.requests.size())
                                 .arg(pieces.requests.size())
                                 .arg(whole.rejection)
                                 .arg(pieces.rejection)
                                 .arg(QString::fromLocal8Bit(g_crashFile))));
        }
        if (whole.rejection != 0) {
            ++rejected[whole.rejection];
            QVERIFY2(refusals.contains(whole.rejection), qPrintable(QString::number(whole.rejection)));
        }
        if (i % 4 == 0)
            exerciseWire(g_current.sliced(qMax<qsizetype>(0, g_current.indexOf('{'))));
    }
    QStringList byStatus;
    for (auto it = rejected.cbegin(); it != rejected.cend(); ++it)
        byStatus.append(u"%1: %2"_s.arg(it.key()).arg(it.value()));
    qInfo("fuzz: %lld inputs (each decoded whole and in random pieces), %lld requests decoded, refusals %s, %lld "
          "refused differently or later when cut, in %lld ms",
          inputs, requests, qPrintable(byStatus.join(u", ")), verdictsDiffering, elapsed.elapsed());
}

QTEST_GUILESS_MAIN(TestFuzzDecoding)
#include "tst_fuzzdecoding.moc"
