#include <QtTest>
class TestPrediction : public QObject { Q_OBJECT private slots: void nothing() {} };
QTEST_APPLESS_MAIN(TestPrediction)
#include "tst_prediction.moc"
