// Sample rows and figures for the drawing only; they are not live data.
const kpis = [
  { label: "Collected", value: "R 1.24m", tone: "#0f766e" },
  { label: "Arrears", value: "R 38.2k", tone: "#b45309" },
  { label: "Occupancy", value: "96.4%", tone: "#0369a1" },
];
const trend = [62, 70, 66, 78, 74, 86, 83, 95, 92, 104, 110, 118];
/** Each job's status badge: its colour as text on the same colour at BADGE_TINT opacity (over white), at least 4.5:1. */
export const jobs = [
  { name: "Geyser repair · Unit 4B", status: "In progress", colour: "#92400e" },
  { name: "Gate motor · Block C", status: "Scheduled", colour: "#0369a1" },
  { name: "Roof leak · 12 Kloof St", status: "Done", colour: "#0f766e" },
];

export const BADGE_TINT = 0.12;

// Maps a trend value into the chart panel (y 230 to 320 of the viewBox).
const chartY = (value: number) => 332 - (value - 50) * 1.5;

// Fixed ids: the illustration appears once per page, and url(#id) must be a plain fragment.
const titleId = "dashboard-illustration-title";
const gradientId = "dashboard-illustration-fill";

/** An inline-SVG dashboard mock-up for the showcase: no image request, crisp at any size. */
export function DashboardIllustration() {
  const points = trend.map((value, index) => `${270 + index * 42},${chartY(value)}`).join(" ");

  return (
    <svg viewBox="0 0 800 520" role="img" aria-labelledby={titleId} className="h-auto w-full drop-shadow-2xl">
      <title id={titleId}>
        Illustration of the dashboard: collections, arrears and occupancy cards, a rising collections chart and a
        maintenance job list
      </title>
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0%" stopColor="#14b8a6" stopOpacity="0.35" />
          <stop offset="100%" stopColor="#14b8a6" stopOpacity="0" />
        </linearGradient>
      </defs>
      <rect width="800" height="520" rx="20" fill="#ffffff" stroke="#e2e8f0" />
      <path d="M0 20a20 20 0 0 1 20-20h760a20 20 0 0 1 20 20v24H0Z" fill="#f1f5f9" />
      <circle cx="26" cy="22" r="6" fill="#f87171" />
      <circle cx="46" cy="22" r="6" fill="#fbbf24" />
      <circle cx="66" cy="22" r="6" fill="#34d399" />
      <rect x="300" y="12" width="200" height="20" rx="10" fill="#ffffff" stroke="#e2e8f0" />

      <path d="M0 44h200v476H20a20 20 0 0 1-20-20Z" fill="#134e4a" />
      <rect x="24" y="70" width="28" height="28" rx="7" fill="#ffffff" />
      <rect x="62" y="78" width="70" height="12" rx="6" fill="#ccfbf1" />
      {[0, 1, 2, 3, 4, 5].map((row) => (
        <g key={row}>
          <rect x="16" y={128 + row * 44} width="168" height="34" rx="8" fill={row === 0 ? "#0f766e" : "transparent"} />
          <rect x="30" y={139 + row * 44} width="12" height="12" rx="3" fill="#5eead4" opacity={row === 0 ? 1 : 0.6} />
          <rect
            x="52"
            y={140 + row * 44}
            width={[80, 96, 70, 88, 64, 76][row]}
            height="10"
            rx="5"
            fill="#ccfbf1"
            opacity={row === 0 ? 1 : 0.55}
          />
        </g>
      ))}

      {kpis.map((kpi, index) => (
        <g key={kpi.label} transform={`translate(${224 + index * 184} 68)`}>
          <rect width="168" height="92" rx="14" fill="#f8fafc" stroke="#e2e8f0" />
          <text x="16" y="30" fontSize="13" fill="#475569" fontFamily="system-ui, sans-serif">
            {kpi.label}
          </text>
          <text x="16" y="62" fontSize="24" fontWeight="700" fill="#0f172a" fontFamily="system-ui, sans-serif">
            {kpi.value}
          </text>
          <rect x="16" y="74" width="136" height="6" rx="3" fill="#e2e8f0" />
          <rect x="16" y="74" width={[120, 40, 130][index]} height="6" rx="3" fill={kpi.tone} />
        </g>
      ))}

      <rect x="224" y="180" width="536" height="170" rx="14" fill="#ffffff" stroke="#e2e8f0" />
      <text x="244" y="208" fontSize="14" fontWeight="600" fill="#0f172a" fontFamily="system-ui, sans-serif">
        Collections, last 12 months
      </text>
      {[0, 1, 2].map((line) => (
        <line key={line} x1="244" x2="740" y1={236 + line * 36} y2={236 + line * 36} stroke="#f1f5f9" />
      ))}
      <polygon points={`270,332 ${points} 732,332`} fill={`url(#${gradientId})`} />
      <polyline
        points={points}
        fill="none"
        stroke="#0d9488"
        strokeWidth="3"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
      <circle
        cx="732"
        cy={chartY(trend[trend.length - 1] ?? 0)}
        r="6"
        fill="#0d9488"
        stroke="#ffffff"
        strokeWidth="3"
      />

      <rect x="224" y="368" width="536" height="128" rx="14" fill="#ffffff" stroke="#e2e8f0" />
      {jobs.map((job, index) => (
        <g key={job.name} transform={`translate(244 ${384 + index * 36})`}>
          <circle cx="8" cy="14" r="5" fill={job.colour} />
          <text x="24" y="19" fontSize="13" fill="#334155" fontFamily="system-ui, sans-serif">
            {job.name}
          </text>
          <rect x="392" y="3" width="104" height="22" rx="11" fill={job.colour} opacity={BADGE_TINT} />
          <text
            x="444"
            y="19"
            fontSize="12"
            fontWeight="600"
            fill={job.colour}
            textAnchor="middle"
            fontFamily="system-ui, sans-serif"
          >
            {job.status}
          </text>
        </g>
      ))}
    </svg>
  );
}
