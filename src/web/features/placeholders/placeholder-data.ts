import type { LucideIcon } from 'lucide-react';
import {
  Activity,
  Award,
  BadgeCheck,
  Banknote,
  Book,
  BookOpen,
  Briefcase,
  Building2,
  Calendar,
  CalendarCheck,
  CalendarClock,
  CalendarDays,
  CircleDollarSign,
  ClipboardList,
  Clock,
  Contact,
  Database,
  Eye,
  FilePen,
  FileSignature,
  FileText,
  Fingerprint,
  Gauge,
  Gift,
  Globe,
  GraduationCap,
  Handshake,
  Hash,
  Heart,
  IdCard,
  Inbox,
  IndianRupee,
  KeyRound,
  Link2,
  ListChecks,
  Lock,
  Megaphone,
  MessageSquare,
  MessagesSquare,
  MousePointerClick,
  PartyPopper,
  Percent,
  PenLine,
  Pin,
  Play,
  Plug,
  Repeat,
  Scale,
  ScrollText,
  Search,
  Send,
  ShieldAlert,
  ShieldCheck,
  Sparkles,
  Sun,
  Target,
  ThumbsUp,
  Trophy,
  UserCheck,
  UserPlus,
  Users,
  Video,
  Wallet,
  Workflow,
} from 'lucide-react';
import type { BadgeColor } from '../../lib/badge-color';
import { formatIndianNumber } from '../../../shared/text';
import type { TopicCard } from '../../components/ui/topic-cards';

/**
 * docs/product/dashboard.md#placeholder-sections "Static placeholder sections": the content of every dashboard section that has no page of its own.
 * 'cards' sections show a title, a description and exactly four sub-topic cards with no behaviour.
 * 'figures' sections show hard-coded sample figures (stats, one chart, optionally a short table); they are
 * not live data and carry no business rules. Numbers are shown with Indian grouping (docs/product/dashboard.md#placeholder-sections).
 */

export type ValueFormat = 'count' | 'inr' | 'usd' | 'percent';

export interface CardsContent {
  kind: 'cards';
  description: string;
  cards: readonly [TopicCard, TopicCard, TopicCard, TopicCard];
  /** True for sections that get a working page in a later release (shown as a "Coming soon" note). */
  planned?: boolean;
}

export interface SampleStat {
  label: string;
  value: number;
  format: ValueFormat;
  hint?: string;
  icon?: LucideIcon;
  /** A real figure of the workspace (see live-figures.ts), not a sample. */
  live?: boolean;
}

export interface ChartPoint {
  label: string;
  primary: number;
  secondary?: number;
}

export interface SampleChart {
  /** 'bar' for series over time, 'hbar' for categories with longer names, 'pie' for a share of a whole. */
  type: 'bar' | 'hbar' | 'line' | 'area' | 'pie';
  /** Visible caption; also starts the chart's accessible summary. */
  caption: string;
  format: ValueFormat;
  /** Series names; `secondary` only for line/area/bar charts with a second series. */
  series: { primary: string; secondary?: string };
  data: readonly ChartPoint[];
  /** Real figures of the workspace (see live-figures.ts), not samples. */
  live?: boolean;
}

/** Sample statuses and their badge colours (lead colours from docs/product/leads.md#lead-fields). */
export const STATUS_COLORS = {
  New: 'blue',
  'In Progress': 'amber',
  Qualified: 'green',
  Converted: 'purple',
  Lost: 'red',
  Approved: 'green',
  'Pending Review': 'amber',
  'Proposal Sent': 'blue',
  Active: 'green',
  Paused: 'grey',
  Learning: 'cyan',
  Completed: 'purple',
  Published: 'green',
  Draft: 'grey',
  'In Review': 'amber',
  Scheduled: 'blue',
  Sent: 'green',
  Archived: 'grey',
  'On Time': 'green',
  Late: 'amber',
  'On Track': 'green',
  'On Hold': 'grey',
  Planning: 'cyan',
  Editing: 'amber',
  Available: 'green',
  Limited: 'amber',
  Rising: 'green',
  Stable: 'blue',
  Falling: 'red',
} as const satisfies Record<string, BadgeColor>;

export type SampleStatus = keyof typeof STATUS_COLORS;

export interface SampleTable {
  caption: string;
  /** Column headings; the last column is the status badge. */
  columns: readonly string[];
  rows: ReadonlyArray<{ cells: readonly string[]; status: SampleStatus }>;
}

export interface FiguresContent {
  kind: 'figures';
  description: string;
  stats: readonly SampleStat[];
  chart: SampleChart;
  table?: SampleTable;
  /** Display-only settings, e.g. the referral programme terms (docs/product/dashboard.md#placeholder-sections). */
  settings?: { title: string; items: ReadonlyArray<{ label: string; value: string }> };
}

export type PlaceholderContent = CardsContent | FiguresContent;

/** Sections with a page of their own (see app/sections/registry.ts); they have no placeholder content. */

const MONTHS = ['Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov'] as const;
const monthly = (primary: readonly number[], secondary?: readonly number[]): ChartPoint[] =>
  MONTHS.map((label, i) => ({
    label,
    primary: primary[i] ?? 0,
    ...(secondary ? { secondary: secondary[i] ?? 0 } : {}),
  }));
const points = (entries: ReadonlyArray<readonly [string, number]>): ChartPoint[] =>
  entries.map(([label, primary]) => ({ label, primary }));

export const PLACEHOLDERS: Readonly<Record<string, PlaceholderContent>> = {
  // ── Data Center ────────────────────────────────────────────────────────────
  'leads-flow': {
    kind: 'figures',
    description: 'How new enquiries move from first contact to a signed client, across every channel.',
    stats: [
      { label: 'New leads this month', value: 1284, format: 'count', icon: UserPlus, hint: 'All channels' },
      { label: 'Qualified', value: 412, format: 'count', icon: BadgeCheck, hint: '32% of new leads' },
      { label: 'Converted', value: 96, format: 'count', icon: Handshake, hint: 'Signed this month' },
      { label: 'Pipeline value', value: 4860000, format: 'inr', icon: IndianRupee, hint: 'Open proposals' },
    ],
    chart: {
      type: 'hbar',
      caption: 'Leads at each stage this month',
      format: 'count',
      series: { primary: 'Leads' },
      data: points([
        ['New', 1284],
        ['Contacted', 860],
        ['Qualified', 412],
        ['Proposal', 188],
        ['Converted', 96],
      ]),
    },
    table: {
      caption: 'Latest leads',
      columns: ['Lead', 'Source', 'Status'],
      rows: [
        { cells: ['Aarav Textiles', 'Website form'], status: 'New' },
        { cells: ['Meera Interiors', 'Referral'], status: 'In Progress' },
        { cells: ['Kaveri Foods', 'Meta Ads'], status: 'Qualified' },
        { cells: ['Northwind Logistics', 'LinkedIn'], status: 'Converted' },
        { cells: ['Sahyadri Clinics', 'Google Ads'], status: 'Lost' },
      ],
    },
  },

  // ── Team Communication ─────────────────────────────────────────────────────
  message: {
    kind: 'cards',
    description: 'One place for the team to talk, share updates and keep important conversations.',
    cards: [
      {
        title: 'Direct messages',
        text: 'Private one-to-one conversations between team members.',
        icon: MessageSquare,
      },
      {
        title: 'Team channels',
        text: 'Topic and project channels that keep related discussion together.',
        icon: Hash,
      },
      {
        title: 'Announcements',
        text: 'Company-wide updates that everyone sees and can acknowledge.',
        icon: Megaphone,
      },
      {
        title: 'Pinned messages',
        text: 'Decisions, links and files pinned so nobody has to search for them.',
        icon: Pin,
      },
    ],
  },
  'team-email': {
    kind: 'cards',
    description: 'Shared email for the team, so client mail is answered quickly and consistently.',
    cards: [
      {
        title: 'Shared inbox',
        text: 'Client and enquiry mail for addresses like hello@ and support@ in one view.',
        icon: Inbox,
      },
      {
        title: 'Assignments',
        text: 'Hand a conversation to a teammate so every email has one owner.',
        icon: UserCheck,
      },
      {
        title: 'Team signatures',
        text: 'Consistent signatures with name, role and company details.',
        icon: PenLine,
      },
      {
        title: 'Reply templates',
        text: 'Saved replies for common questions such as pricing and timelines.',
        icon: Send,
      },
    ],
  },
  meeting: {
    kind: 'cards',
    description: 'Plan internal and client meetings, and keep track of what was agreed.',
    cards: [
      {
        title: 'Scheduling',
        text: 'Find a time that suits everyone and send the invitation.',
        icon: CalendarClock,
      },
      {
        title: 'Video calls',
        text: 'Join calls straight from the meeting entry, with one link per meeting.',
        icon: Video,
      },
      {
        title: 'Agendas and notes',
        text: 'Share the agenda beforehand and keep notes alongside it.',
        icon: ClipboardList,
      },
      {
        title: 'Action items',
        text: 'Follow-ups with owners and due dates, carried into the next meeting.',
        icon: ListChecks,
      },
    ],
  },
  services: {
    kind: 'figures',
    description: 'The services the agency offers and how much work each one brings in.',
    stats: [
      { label: 'Services offered', value: 4, format: 'count', icon: Sparkles },
      { label: 'Active engagements', value: 27, format: 'count', icon: Briefcase },
      { label: 'Average engagement value', value: 185000, format: 'inr', icon: IndianRupee },
      { label: 'Repeat clients', value: 64, format: 'percent', icon: Repeat },
    ],
    chart: {
      type: 'pie',
      caption: 'Active engagements by service',
      format: 'count',
      series: { primary: 'Engagements' },
      data: points([
        ['Identity & Design', 8],
        ['Web Development', 10],
        ['Media Planning & Buying', 7],
        ['Job Placement', 2],
      ]),
    },
    table: {
      caption: 'Service catalogue',
      columns: ['Service', 'Starting price', 'Status'],
      rows: [
        { cells: ['Identity & Design', 'From $10'], status: 'Available' },
        { cells: ['Web Development', 'From $100'], status: 'Available' },
        { cells: ['Media Planning & Buying', 'From $150'], status: 'Available' },
        { cells: ['Job Placement', 'Free'], status: 'Limited' },
      ],
    },
  },

  // ── Digital Media Management: Social Media ─────────────────────────────────
  'meta-ads': {
    kind: 'figures',
    description: 'Facebook and Instagram ad campaigns: spend, reach and the leads they bring in.',
    stats: [
      { label: 'Ad spend', value: 148000, format: 'inr', icon: Wallet, hint: 'Last 30 days' },
      { label: 'Reach', value: 642300, format: 'count', icon: Users },
      { label: 'Leads', value: 538, format: 'count', icon: UserPlus },
      { label: 'Cost per lead', value: 275, format: 'inr', icon: Target },
    ],
    chart: {
      type: 'bar',
      caption: 'Leads from Meta Ads per month',
      format: 'count',
      series: { primary: 'Leads' },
      data: monthly([312, 348, 401, 455, 512, 538]),
    },
    table: {
      caption: 'Ad sets',
      columns: ['Ad set', 'Objective', 'Status'],
      rows: [
        { cells: ['Festive offer – lookalike', 'Leads'], status: 'Active' },
        { cells: ['Brand video – Pune', 'Reach'], status: 'Active' },
        { cells: ['Website visitors', 'Retargeting'], status: 'Learning' },
        { cells: ['Summer carousel', 'Traffic'], status: 'Paused' },
      ],
    },
  },
  instagram: {
    kind: 'figures',
    description: 'Followers, engagement and recent content on the agency’s Instagram account.',
    stats: [
      { label: 'Followers', value: 24680, format: 'count', icon: Users },
      { label: 'Engagement rate', value: 4.8, format: 'percent', icon: Heart },
      { label: 'Reach (30 days)', value: 186400, format: 'count', icon: Eye },
      { label: 'Posts this month', value: 18, format: 'count', icon: FileText },
    ],
    chart: {
      type: 'line',
      caption: 'Instagram followers by month',
      format: 'count',
      series: { primary: 'Followers' },
      data: monthly([19850, 20720, 21480, 22610, 23590, 24680]),
    },
    table: {
      caption: 'Recent posts',
      columns: ['Post', 'Format', 'Status'],
      rows: [
        { cells: ['Behind the scenes: brand shoot', 'Reel'], status: 'Published' },
        { cells: ['5 logo mistakes to avoid', 'Carousel'], status: 'Published' },
        { cells: ['Client story: Kaveri Foods', 'Reel'], status: 'Scheduled' },
        { cells: ['Team Diwali celebration', 'Photo'], status: 'Draft' },
      ],
    },
  },
  linkedin: {
    kind: 'figures',
    description: 'Company page growth and the posts that reach decision-makers on LinkedIn.',
    stats: [
      { label: 'Followers', value: 8420, format: 'count', icon: Users },
      { label: 'Impressions (30 days)', value: 112600, format: 'count', icon: Eye },
      { label: 'Engagement rate', value: 3.2, format: 'percent', icon: ThumbsUp },
      { label: 'Leads from LinkedIn', value: 46, format: 'count', icon: UserPlus },
    ],
    chart: {
      type: 'hbar',
      caption: 'Average impressions by post type',
      format: 'count',
      series: { primary: 'Impressions' },
      data: points([
        ['Carousel', 6840],
        ['Video', 5210],
        ['Article', 3980],
        ['Text post', 2460],
        ['Poll', 1920],
      ]),
    },
  },
  youtube: {
    kind: 'figures',
    description: 'Channel growth, views and watch time for the agency’s YouTube videos.',
    stats: [
      { label: 'Subscribers', value: 12340, format: 'count', icon: Users },
      { label: 'Views (30 days)', value: 248500, format: 'count', icon: Play },
      { label: 'Watch hours', value: 9860, format: 'count', icon: Clock, hint: 'Last 30 days' },
      { label: 'Videos published', value: 36, format: 'count', icon: Video },
    ],
    chart: {
      type: 'area',
      caption: 'YouTube views per month',
      format: 'count',
      series: { primary: 'Views' },
      data: monthly([142000, 158500, 171200, 196800, 221400, 248500]),
    },
    table: {
      caption: 'Upcoming and recent videos',
      columns: ['Video', 'Length', 'Status'],
      rows: [
        { cells: ['Website redesign in 10 minutes', '10:24'], status: 'Published' },
        { cells: ['How we plan a media budget', '8:12'], status: 'Published' },
        { cells: ['Branding basics for startups', '12:05'], status: 'Scheduled' },
        { cells: ['Client Q&A: local SEO', '15:40'], status: 'Editing' },
      ],
    },
  },
  'x-com': {
    kind: 'figures',
    description: 'Reach and conversation around the agency’s posts on X.',
    stats: [
      { label: 'Followers', value: 6210, format: 'count', icon: Users },
      { label: 'Impressions (30 days)', value: 342800, format: 'count', icon: Eye },
      { label: 'Engagement rate', value: 1.9, format: 'percent', icon: Activity },
      { label: 'Link clicks', value: 4120, format: 'count', icon: MousePointerClick },
    ],
    chart: {
      type: 'line',
      caption: 'Impressions on X per month',
      format: 'count',
      series: { primary: 'Impressions' },
      data: monthly([221000, 248600, 236900, 279400, 311200, 342800]),
    },
  },
  reddit: {
    kind: 'figures',
    description: 'Community answers and posts on Reddit, and the visits they send to the website.',
    stats: [
      { label: 'Community karma', value: 3480, format: 'count', icon: Award },
      { label: 'Posts and answers', value: 24, format: 'count', icon: MessagesSquare, hint: 'Last 90 days' },
      { label: 'Upvotes', value: 5960, format: 'count', icon: ThumbsUp },
      { label: 'Website visits from Reddit', value: 1870, format: 'count', icon: Globe },
    ],
    chart: {
      type: 'hbar',
      caption: 'Upvotes by community',
      format: 'count',
      series: { primary: 'Upvotes' },
      data: points([
        ['r/marketing', 1820],
        ['r/smallbusiness', 1540],
        ['r/webdev', 1210],
        ['r/Entrepreneur', 980],
        ['r/SEO', 410],
      ]),
    },
  },

  // ── Marketing ──────────────────────────────────────────────────────────────
  'whatsapp-marketing': {
    kind: 'figures',
    description: 'Broadcasts and message templates sent through the WhatsApp Business account.',
    stats: [
      { label: 'Messages sent', value: 24850, format: 'count', icon: Send, hint: 'Last 6 months' },
      { label: 'Delivered', value: 97.6, format: 'percent', icon: BadgeCheck },
      { label: 'Read rate', value: 81, format: 'percent', icon: Eye },
      { label: 'Replies', value: 1932, format: 'count', icon: MessageSquare },
    ],
    chart: {
      type: 'area',
      caption: 'WhatsApp messages sent per month',
      format: 'count',
      series: { primary: 'Messages' },
      data: monthly([2800, 3350, 3620, 4180, 5300, 5600]),
    },
    table: {
      caption: 'Message templates',
      columns: ['Template', 'Category', 'Status'],
      rows: [
        { cells: ['Order confirmation', 'Utility'], status: 'Approved' },
        { cells: ['Festive offer', 'Marketing'], status: 'Pending Review' },
        { cells: ['Appointment reminder', 'Utility'], status: 'Approved' },
        { cells: ['Welcome message', 'Marketing'], status: 'Approved' },
        { cells: ['Payment reminder', 'Utility'], status: 'Pending Review' },
      ],
    },
  },
  'referral-client': {
    kind: 'figures',
    description: 'Clients who came to us through referrals, and the terms of the referral programme.',
    stats: [
      { label: 'Referrals received', value: 64, format: 'count', icon: Handshake, hint: 'Last 6 months' },
      { label: 'Converted', value: 21, format: 'count', icon: BadgeCheck },
      { label: 'Conversion rate', value: 32.8, format: 'percent', icon: Percent },
      { label: 'Commission paid', value: 2340, format: 'usd', icon: CircleDollarSign },
    ],
    chart: {
      type: 'bar',
      caption: 'Referrals received per month',
      format: 'count',
      series: { primary: 'Referrals' },
      data: monthly([7, 9, 11, 10, 13, 14]),
    },
    table: {
      caption: 'Recent referrals',
      columns: ['Referred client', 'Referred by', 'Status'],
      rows: [
        { cells: ['Lotus Wellness', 'Meera Interiors'], status: 'In Progress' },
        { cells: ['Ganga Exports', 'Kaveri Foods'], status: 'Converted' },
        { cells: ['Orbit Fintech', 'Northwind Logistics'], status: 'Proposal Sent' },
        { cells: ['Saffron Hotels', 'Aarav Textiles'], status: 'In Progress' },
        { cells: ['Peak Fitness', 'Sahyadri Clinics'], status: 'Converted' },
      ],
    },
    settings: {
      title: 'Programme settings',
      items: [
        { label: 'Commission', value: '15%' },
        { label: 'Minimum payout', value: '$100' },
        { label: 'Tracking period', value: '90 days' },
      ],
    },
  },
  'case-studies': {
    kind: 'figures',
    description: 'Client success stories, ready to share with prospects.',
    stats: [
      { label: 'Published', value: 12, format: 'count', icon: BookOpen },
      { label: 'In draft', value: 4, format: 'count', icon: FilePen },
      { label: 'Views this quarter', value: 8640, format: 'count', icon: Eye },
      { label: 'Leads attributed', value: 57, format: 'count', icon: UserPlus },
    ],
    chart: {
      type: 'hbar',
      caption: 'Views by case study this quarter',
      format: 'count',
      series: { primary: 'Views' },
      data: points([
        ['Kaveri Foods', 2140],
        ['Meera Interiors', 1810],
        ['Sahyadri Clinics', 1730],
        ['Northwind', 1520],
        ['Bluefin Apparel', 1440],
      ]),
    },
    table: {
      caption: 'Case studies',
      columns: ['Case study', 'Service', 'Status'],
      rows: [
        { cells: ['Kaveri Foods: 3× online orders', 'Web Development'], status: 'Published' },
        { cells: ['Meera Interiors rebrand', 'Identity & Design'], status: 'Published' },
        { cells: ['Sahyadri Clinics local SEO', 'SEO'], status: 'In Review' },
        { cells: ['Bluefin festive campaign', 'Media Buying'], status: 'Draft' },
      ],
    },
  },

  // ── HR Management ──────────────────────────────────────────────────────────
  'hr-overview': {
    kind: 'cards',
    description: 'A summary of the people side of the business: headcount, hiring, leave and reviews.',
    cards: [
      {
        title: 'Headcount',
        text: 'How many people work here, by department and employment type.',
        icon: Users,
      },
      {
        title: 'Open positions',
        text: 'Roles being hired for and how far each search has got.',
        icon: UserPlus,
      },
      {
        title: 'Leave and attendance',
        text: 'Who is away today and how this month’s attendance looks.',
        icon: CalendarDays,
      },
      {
        title: 'Upcoming reviews',
        text: 'Probation and performance reviews due in the coming weeks.',
        icon: ClipboardList,
      },
    ],
  },
  'interview-management': {
    kind: 'cards',
    description: 'Run hiring from application to offer, with every interview in one place.',
    cards: [
      {
        title: 'Candidate pipeline',
        text: 'Applicants for each role, grouped by stage from screening to offer.',
        icon: Workflow,
      },
      {
        title: 'Interview scheduling',
        text: 'Book interview slots with candidates and the interview panel.',
        icon: CalendarClock,
      },
      {
        title: 'Interviewer feedback',
        text: 'Scorecards and notes from each interviewer, kept with the candidate.',
        icon: PenLine,
      },
      {
        title: 'Offers and onboarding',
        text: 'Send the offer and prepare the new joiner’s first day.',
        icon: GraduationCap,
      },
    ],
  },
  'letter-templates': {
    kind: 'cards',
    description: 'Standard HR letters, ready to fill in and send.',
    cards: [
      {
        title: 'Offer letters',
        text: 'Role, salary and joining date for a selected candidate.',
        icon: FileSignature,
      },
      {
        title: 'Appointment letters',
        text: 'Terms of employment issued on the joining day.',
        icon: FileText,
      },
      {
        title: 'Experience and relieving letters',
        text: 'Issued when an employee leaves, with their service dates.',
        icon: Award,
      },
      {
        title: 'Notice and warning letters',
        text: 'Formal letters for policy breaches and notice periods.',
        icon: ShieldAlert,
      },
    ],
  },
  'hr-manage': {
    kind: 'cards',
    description: 'Day-to-day HR administration for the whole team.',
    cards: [
      {
        title: 'Employee records',
        text: 'Every employee’s profile, contract and history in one record.',
        icon: IdCard,
      },
      {
        title: 'Departments and reporting',
        text: 'Teams, managers and who reports to whom.',
        icon: Workflow,
      },
      {
        title: 'Compliance',
        text: 'Statutory registrations, filings and policy acknowledgements.',
        icon: Scale,
      },
      {
        title: 'Performance reviews',
        text: 'Review cycles, goals and ratings for each employee.',
        icon: Target,
      },
    ],
  },
  'employee-details': {
    kind: 'cards',
    description: 'The personal and job information held for each employee.',
    cards: [
      {
        title: 'Personal information',
        text: 'Name, date of birth, address and contact numbers.',
        icon: Contact,
      },
      {
        title: 'Job details',
        text: 'Designation, department, manager and date of joining.',
        icon: Briefcase,
      },
      {
        title: 'Documents and IDs',
        text: 'Identity proofs, PAN, bank details and signed agreements.',
        icon: Fingerprint,
      },
      {
        title: 'Emergency contacts',
        text: 'Who to call in an emergency, and how to reach them.',
        icon: ShieldCheck,
      },
    ],
  },
  'attendance-summary': {
    kind: 'cards',
    description: 'Attendance and leave at a glance for the team.',
    cards: [
      { title: 'Daily attendance', text: 'Who is in, remote or away today.', icon: CalendarCheck },
      {
        title: 'Leave balances',
        text: 'Casual, sick and earned leave left for each employee.',
        icon: CalendarDays,
      },
      {
        title: 'Late arrivals and overtime',
        text: 'Patterns in check-in times and extra hours worked.',
        icon: Clock,
      },
      {
        title: 'Monthly reports',
        text: 'An attendance summary per month, ready for payroll.',
        icon: FileText,
      },
    ],
  },
  'holiday-calendar': {
    kind: 'cards',
    description: 'The year’s holidays, so the team can plan leave and deadlines around them.',
    cards: [
      { title: 'Public holidays', text: 'National holidays observed by every office.', icon: Calendar },
      {
        title: 'Festival holidays',
        text: 'Festivals such as Diwali, Eid and Christmas observed by the company.',
        icon: PartyPopper,
      },
      { title: 'Optional holidays', text: 'Restricted holidays each employee can choose from.', icon: Sun },
      {
        title: 'Leave planning',
        text: 'Long weekends and busy periods to keep in mind when booking leave.',
        icon: CalendarClock,
      },
    ],
  },
  incentives: {
    kind: 'cards',
    description: 'Rewards that recognise results: commissions, bonuses and referral payouts.',
    cards: [
      {
        title: 'Sales commissions',
        text: 'Commission earned on deals each person helped close.',
        icon: Banknote,
      },
      { title: 'Performance bonuses', text: 'Quarterly and annual bonuses linked to goals.', icon: Trophy },
      { title: 'Employee referrals', text: 'Rewards for referring people who join the team.', icon: Gift },
      {
        title: 'Payout schedule',
        text: 'When approved incentives are added to payroll.',
        icon: CalendarCheck,
      },
    ],
  },

  // ── SEO Management ─────────────────────────────────────────────────────────
  'seo-insights': {
    kind: 'figures',
    description: 'Search visibility, keyword positions and organic traffic for the agency website.',
    stats: [
      { label: 'Organic visitors', value: 38420, format: 'count', icon: Search, hint: 'Last 6 months' },
      { label: 'Keywords in the top 10', value: 146, format: 'count', icon: Trophy },
      { label: 'Average position', value: 12.4, format: 'count', icon: Gauge },
      { label: 'Backlinks', value: 2318, format: 'count', icon: Link2 },
    ],
    chart: {
      type: 'area',
      caption: 'Organic visitors per month',
      format: 'count',
      series: { primary: 'Visitors' },
      data: monthly([4850, 5420, 6010, 6730, 7490, 7920]),
    },
    table: {
      caption: 'Tracked keywords',
      columns: ['Keyword', 'Position', 'Trend'],
      rows: [
        { cells: ['digital marketing agency pune', '4'], status: 'Rising' },
        { cells: ['website design company', '7'], status: 'Stable' },
        { cells: ['branding agency india', '9'], status: 'Rising' },
        { cells: ['social media management', '11'], status: 'Stable' },
        { cells: ['seo for small business', '15'], status: 'Falling' },
      ],
    },
  },
  // ── Internal Policies ──────────────────────────────────────────────────────
  'company-policies': {
    kind: 'cards',
    description: 'The rules everyone at the company works by.',
    cards: [
      { title: 'Code of conduct', text: 'How we treat colleagues, clients and partners.', icon: Scale },
      {
        title: 'Leave policy',
        text: 'Leave types, how many days you get and how to apply.',
        icon: CalendarDays,
      },
      {
        title: 'Remote and hybrid work',
        text: 'When and how the team can work away from the office.',
        icon: Building2,
      },
      { title: 'Data protection', text: 'How client data and company devices must be handled.', icon: Lock },
    ],
  },
  'company-handbook': {
    kind: 'cards',
    description: 'Everything a new team member needs to know about working here.',
    cards: [
      {
        title: 'Mission and values',
        text: 'What the agency stands for and how we like to work.',
        icon: Sparkles,
      },
      { title: 'Onboarding guide', text: 'The first week, step by step, for every new joiner.', icon: Book },
      { title: 'Benefits and perks', text: 'Insurance, learning budget and other benefits.', icon: Gift },
      {
        title: 'Tools and processes',
        text: 'The tools we use and how projects move from brief to delivery.',
        icon: ScrollText,
      },
    ],
  },

  // ── Settings & Configuration ───────────────────────────────────────────────
  credentials: {
    kind: 'cards',
    description:
      'Keys, passwords and tokens the business uses with other services, kept in one secure place.',
    cards: [
      { title: 'API keys', text: 'Keys for connecting apps and services to the dashboard.', icon: KeyRound },
      {
        title: 'Database credentials',
        text: 'Connection details for the databases behind client projects.',
        icon: Database,
      },
      {
        title: 'Third-party services',
        text: 'Logins for hosting, domain, analytics and advertising accounts.',
        icon: Plug,
      },
      {
        title: 'Security tokens',
        text: 'Access tokens and secrets, with who can see them and when they expire.',
        icon: ShieldCheck,
      },
    ],
  },

  // ── Botgit ─────────────────────────────────────────────────────────────────
};

/** The placeholder content for a section key, or undefined (own properties only, so 'constructor' is not content). */
export function placeholderFor(key: string): PlaceholderContent | undefined {
  return Object.hasOwn(PLACEHOLDERS, key) ? PLACEHOLDERS[key] : undefined;
}

/** A sample figure as text: Indian digit grouping (docs/product/dashboard.md#placeholder-sections), with ₹, $ or % where the format asks for it. */
export function formatValue(value: number, format: ValueFormat): string {
  const digits = formatIndianNumber(value);
  switch (format) {
    case 'inr':
      return `₹${digits}`;
    case 'usd':
      return `$${digits}`;
    case 'percent':
      return `${digits}%`;
    default:
      return digits;
  }
}

/** Short axis labels: 1.3L, 25L, 1.2Cr above 9,999; the full figure below. */
export function formatAxisValue(value: number, format: ValueFormat): string {
  if (Math.abs(value) < 10000) return formatValue(value, format);
  const compact = new Intl.NumberFormat('en-IN', { notation: 'compact', maximumFractionDigits: 1 }).format(
    value,
  );
  return format === 'inr' ? `₹${compact}` : format === 'usd' ? `$${compact}` : compact;
}

const CHART_KIND: Record<SampleChart['type'], string> = {
  bar: 'Bar chart',
  hbar: 'Bar chart',
  line: 'Line chart',
  area: 'Area chart',
  pie: 'Pie chart',
};

/** A one-sentence text equivalent of a chart, used as its accessible name. */
export function describeChart(chart: SampleChart): string {
  const { primary, secondary } = chart.series;
  const values = chart.data.map((point) => {
    const first = formatValue(point.primary, chart.format);
    if (secondary === undefined || point.secondary === undefined) return `${point.label} ${first}`;
    return `${point.label}: ${primary.toLowerCase()} ${first}, ${secondary.toLowerCase()} ${formatValue(point.secondary, chart.format)}`;
  });
  return `${CHART_KIND[chart.type]}, ${chart.live ? 'live data' : 'sample data'}. ${chart.caption}: ${values.join('; ')}.`;
}
