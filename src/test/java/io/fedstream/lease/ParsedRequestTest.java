package io.fedstream.lease;

import static io.fedstream.lease.ClusterBookTest.BUCKET;
import static io.fedstream.lease.ClusterBookTest.SETTINGS;
import static io.fedstream.lease.ClusterBookTest.T0;
import static io.fedstream.lease.Rooms.quantities;
import static io.fedstream.lease.Rooms.room;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.fedstream.avro.LeaseGiveBack;
import io.fedstream.avro.LeaseRequest;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class ParsedRequestTest {

    @Test
    void aRequestIsReadIntoRoom() {
        ParsedRequest parsed = ParsedRequest.parse("member1", request().build(), SETTINGS, T0);

        assertThat(parsed).isEqualTo(new ParsedRequest(3, 7, room("cpu", "1500m", "memory", "2Gi"), room("cpu", "500m"),
                List.of(new GiveBack(BUCKET - 1, room("pods", "2"))), false, 0));
    }

    @Test
    void anAnswerToAReclaimIsReadWithItsNumberAndAnyOtherRequestWithNone() {
        assertThat(ParsedRequest.parse("member1", request().setAnswersReclaim(true).setReclaimNumber(3).build(), SETTINGS, T0))
                .extracting(ParsedRequest::answersReclaim, ParsedRequest::reclaimNumber).containsExactly(true, 3L);
        assertThat(ParsedRequest.parse("member1", request().setReclaimNumber(3).build(), SETTINGS, T0))
                .extracting(ParsedRequest::answersReclaim, ParsedRequest::reclaimNumber).containsExactly(false, 0L);
    }

    @Test
    void aKeyThatIsNotTheRequestsClusterIsNamed() {
        assertRefused(request().setCluster("member2"), "member1", "cluster", "member2", "cluster: must be the record's key (member1) (value: member2)");
    }

    @Test
    void aPartitionOutsideTheNamespaceTasksIsNamed() {
        assertRefused(request().setPartition(6), "member1", "partition", "6",
                "partition: must name one of the 6 namespace tasks (0 to 5) (value: 6)");
        assertRefused(request().setPartition(-1), "member1", "partition", "-1",
                "partition: must name one of the 6 namespace tasks (0 to 5) (value: -1)");
    }

    @Test
    void aNegativeOrBadQuantityIsNamedWithItsFieldAndValue() {
        assertRefused(request().setWant(quantities("cpu", "-1")), "member1", "want.cpu", "-1", "want.cpu: must not be negative (value: -1)");
        assertRefused(request().setGiveBack(List.of(new LeaseGiveBack(BUCKET, quantities("memory", "lots")))), "member1",
                "giveBack[0].amount.memory", "lots", null);
    }

    @Test
    void aLeastAboveTheWantIsNamed() {
        assertRefused(request().setLeast(quantities("cpu", "2")), "member1", "least.cpu", "2", "least.cpu: must not exceed want.cpu (1500m) (value: 2)");
    }

    @Test
    void aGiveBackOfABucketNotGrantedYetOrANegativeOneIsNamed() {
        assertRefused(request().setGiveBack(List.of(new LeaseGiveBack(BUCKET + 1, quantities("cpu", "1")))), "member1",
                "giveBack[0].bucket", Long.toString(BUCKET + 1), "giveBack[0].bucket: was not granted yet (the allocator's bucket is "
                        + BUCKET + ") (value: " + (BUCKET + 1) + ")");
        assertRefused(request().setSequence(-2), "member1", "sequence", "-2", "sequence: must not be negative (value: -2)");
    }

    private static void assertRefused(LeaseRequest.Builder request, String key, String field, String value, String message) {
        InvalidLeaseRequest refused = catchThrowableOfType(InvalidLeaseRequest.class,
                () -> ParsedRequest.parse(key, request.build(), SETTINGS, T0));
        assertThat(refused).as("refused").isNotNull();
        assertThat(refused.field()).isEqualTo(field);
        assertThat(refused.value()).isEqualTo(value);
        if (message != null) {
            assertThat(refused).hasMessage(message);
        } else {
            assertThat(refused.getMessage()).startsWith(field + ": ").endsWith("(value: " + value + ")");
        }
    }

    private static LeaseRequest.Builder request() {
        return LeaseRequest.newBuilder()
                .setCluster("member1")
                .setPartition(3)
                .setSequence(7)
                .setWant(quantities("cpu", "1500m", "memory", "2Gi"))
                .setLeast(quantities("cpu", "500m"))
                .setGiveBack(List.of(new LeaseGiveBack(BUCKET - 1, quantities("pods", "2"))))
                .setRequestedAt(Instant.ofEpochMilli(T0));
    }
}
