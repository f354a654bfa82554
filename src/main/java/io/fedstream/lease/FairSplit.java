package io.fedstream.lease;

import io.fedstream.admit.ProportionalSplit;
import io.fedstream.interpret.Resources;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Splits a cluster's free room between the tasks whose wants went unmet. When the room holds every want, each gets its
 * want. Otherwise each resource is split in proportion to the wants (exact, largest remainder: {@link
 * ProportionalSplit}); a task whose share is empty or falls short of its least on some resource could place nothing
 * with it, so it gets nothing this time and the room is split again between the others. When no task's share reaches its least, the
 * first task in line (the one waiting longest) whose least the room holds gets what the room has of its want, and the
 * rest is split again between the others: whenever the room holds some task's least, someone can place a workload.
 */
final class FairSplit {

    /** A task's unmet want and the least part of it worth granting. */
    record Claim(int partition, Resources want, Resources least) {
    }

    private FairSplit() {}

    /**
     * What each claim gets of {@code free}, by partition; claims are in line order (longest waiting first). The shares
     * add up to at most {@code free}, each is at most its want and, when not empty, at least its least.
     */
    static Map<Integer, Resources> split(Resources free, List<Claim> claims) {
        Map<Integer, Resources> granted = new LinkedHashMap<>();
        List<Claim> open = new ArrayList<>(claims);
        Resources left = free;
        while (!open.isEmpty()) {
            List<Resources> shares = proportional(left, open);
            List<Claim> served = new ArrayList<>();
            for (int i = 0; i < open.size(); i++) {
                if (!Room.none(shares.get(i)) && Room.covers(shares.get(i), open.get(i).least())) {
                    served.add(open.get(i));
                }
            }
            if (served.size() == open.size()) {
                for (int i = 0; i < open.size(); i++) {
                    granted.merge(open.get(i).partition(), shares.get(i), Room::plus);
                }
                break;
            }
            if (!served.isEmpty()) {
                open = served;
                continue;
            }
            Claim first = firstWhoseLeastFits(open, left);
            if (first == null) {
                break;
            }
            Resources share = Room.min(first.want(), left);
            granted.merge(first.partition(), share, Room::plus);
            left = Room.less(left, share);
            open.remove(first);
        }
        granted.values().removeIf(Room::none);
        return granted;
    }

    private static Claim firstWhoseLeastFits(List<Claim> open, Resources left) {
        for (Claim claim : open) {
            if (Room.covers(left, claim.least()) && !Room.none(Room.min(claim.want(), left))) {
                return claim;
            }
        }
        return null;
    }

    /** Per resource: every want when the room holds them all, else the room split in proportion to the wants. */
    private static List<Resources> proportional(Resources left, List<Claim> open) {
        List<Resources.Builder> shares = new ArrayList<>(open.size());
        TreeSet<String> resources = new TreeSet<>();
        for (Claim claim : open) {
            shares.add(new Resources.Builder(claim.want().amounts().size()));
            resources.addAll(claim.want().amounts().keySet());
        }
        for (String resource : resources) {
            long[] wants = new long[open.size()];
            BigInteger total = BigInteger.ZERO;
            for (int i = 0; i < open.size(); i++) {
                wants[i] = Math.max(0, open.get(i).want().get(resource));
                total = total.add(BigInteger.valueOf(wants[i]));
            }
            long room = Math.max(0, left.get(resource));
            long[] split = total.compareTo(BigInteger.valueOf(room)) <= 0 ? wants
                    : room == 0 ? new long[open.size()] : ProportionalSplit.split(room, wants);
            for (int i = 0; i < open.size(); i++) {
                if (split[i] > 0) {
                    shares.get(i).add(resource, split[i]);
                }
            }
        }
        return shares.stream().map(Resources.Builder::build).toList();
    }
}
