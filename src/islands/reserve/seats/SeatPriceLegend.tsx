/**
 * The seat map's price legend: one entry per
 * price zone with the swatch its available seats are drawn with (a fill and a pattern, so zones
 * differ without colour) and its price. Holds the zone patterns the map's seats refer to.
 */
import type { PriceZone } from "../../../lib/domain/seat-map-layout.ts";
import { useReserveEnv } from "../context.ts";

/** The zone patterns (url(#seat-zone-N) in seats.css); drawn once, in the legend. */
function ZonePatterns() {
  return (
    <svg className="seat-zone-defs" width="0" height="0" aria-hidden="true" focusable="false">
      <defs>
        <pattern
          id="seat-zone-1"
          width="6"
          height="6"
          patternUnits="userSpaceOnUse"
          patternTransform="rotate(45)"
        >
          <rect width="6" height="6" fill="#fbe3c2" />
          <rect width="2.5" height="6" fill="#c7782a" />
        </pattern>
        <pattern id="seat-zone-2" width="6" height="6" patternUnits="userSpaceOnUse">
          <rect width="6" height="6" fill="#e6dcf3" />
          <circle cx="3" cy="3" r="1.4" fill="#6b4f99" />
        </pattern>
      </defs>
    </svg>
  );
}

export function SeatPriceLegend({ zones }: { zones: readonly PriceZone[] }) {
  const { text, money } = useReserveEnv();
  if (zones.length === 0) return null;
  return (
    <>
      <ZonePatterns />
      <ul className="seat-legend seat-legend--prices" aria-label={text("reserve.seats.prices")}>
        {zones.map((zone) => (
          <li key={zone.groupId} className={`seat-legend__item seat--available seat--zone-${zone.style}`}>
            <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
              <circle className="seat__dot" cx="10" cy="10" r="8" />
            </svg>
            {zone.min === zone.max
              ? text("reserve.seats.zonePrice", { group: zone.name, price: money(zone.min) })
              : text("reserve.seats.zoneRange", {
                  group: zone.name,
                  min: money(zone.min),
                  max: money(zone.max),
                })}
          </li>
        ))}
      </ul>
    </>
  );
}
