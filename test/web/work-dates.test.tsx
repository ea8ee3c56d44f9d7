import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminOrdersPage, DashboardCounts, TurnaroundReport } from '@gs/shared/api-types';
import { monthsBefore, workMessages, workToday } from '@gs/shared/work-dates';
import { stubAdminApi } from './api-stub';
import { listOrder, makeProfile } from './fixtures';
import { renderApp } from './render';
import { admin, resetFakeAuth } from './fake-auth-client';

vi.mock('@/lib/auth/auth-client', () => import('./fake-auth-client'));

const ME = { ...makeProfile({ id: 'admin-1', email: 'admin@example.com', firstName: 'Ada', lastName: 'Admin', phone: null, role: 'admin', createdAt: '2026-01-01T00:00:00.000Z' }), staffRole: 'owner' as const };
const GUNSMITH = { ...ME, id: 'smith-1', staffRole: 'gunsmith' as const };
const EMPTY_ORDERS: AdminOrdersPage = { items: [], cursor: null, match: null };

describe('dates, turnaround and the bench in the staff pages', () => {
  beforeEach(() => resetFakeAuth(admin));
  afterEach(() => vi.unstubAllGlobals());

  it("the owner's home shows the day's counts, each a link to its list", async () => {
    const counts: DashboardCounts = {
      role: 'owner',
      counts: [
        { key: 'intake', count: 3, more: false },
        { key: 'custody', count: 7, more: false },
        { key: 'approval', count: 1, more: false },
        { key: 'ready', count: 2, more: false },
        { key: 'overdue', count: 500, more: true },
        { key: 'unread', count: 4, more: false },
        { key: 'balanceDue', count: 5, more: false },
      ],
    };
    stubAdminApi({ 'GET /api/me': [200, ME], 'GET /api/admin/dashboard': [200, counts], 'GET /api/admin/orders': [200, EMPTY_ORDERS], 'GET /api/admin/book/missing': [200, { items: [], cursor: null, count: 0 }], 'GET /api/admin/inbox/count': [200, { count: 4 }] });
    renderApp('/admin');
    const region = await screen.findByRole('region', { name: "Today's work" });
    const link = (name: string) => within(region).getByRole('link', { name: new RegExp(name) });
    expect(await within(region).findByText(workMessages.dashboard.intake)).toBeInTheDocument();
    expect(link(workMessages.dashboard.intake)).toHaveAttribute('href', '/admin/manage-orders?status=order_created');
    expect(link(workMessages.dashboard.custody)).toHaveAttribute('href', '/admin/book');
    expect(link(workMessages.dashboard.overdue)).toHaveAttribute('href', '/admin/overdue');
    expect(link(workMessages.dashboard.overdue)).toHaveTextContent('500+');
    expect(link(workMessages.dashboard.unread)).toHaveAttribute('href', '/admin/inbox');
    expect(link(workMessages.dashboard.balanceDue)).toHaveAttribute('href', '/admin/receivables');
  });

  it("a gunsmith's home is My bench: their orders by promised date, the overdue one marked", async () => {
    resetFakeAuth({ ...admin });
    const bench: AdminOrdersPage = {
      items: [
        listOrder({ id: 'o-1', orderNumber: 'GS-000101', firearmMake: 'Colt', firearmModel: 'Python', promisedDate: '2026-01-05', overdue: true, assignedTo: 'smith-1', assignedToName: 'Gus Smith' }),
        listOrder({ id: 'o-2', orderNumber: 'GS-000102', firearmMake: 'Glock', firearmModel: '19', promisedDate: null, overdue: false, assignedTo: 'smith-1', assignedToName: 'Gus Smith' }),
      ],
      cursor: null,
      match: null,
    };
    stubAdminApi({
      'GET /api/me': [200, GUNSMITH],
      'GET /api/admin/dashboard': [200, { role: 'gunsmith', counts: [{ key: 'assigned', count: 2, more: false }, { key: 'overdue', count: 1, more: false }, { key: 'approval', count: 0, more: false }] } satisfies DashboardCounts],
      'GET /api/admin/orders': [200, bench],
    });
    renderApp('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: workMessages.myBench })).toBeInTheDocument();
    const rows = await within(screen.getByRole('region', { name: workMessages.myBench })).findAllByTestId('work-row');
    expect(rows[0]).toHaveTextContent(`${workMessages.promisedDate}: Jan 5, 2026`);
    expect(rows[0]).toHaveTextContent(workMessages.overdue);
    expect(rows[1]).toHaveTextContent(`${workMessages.promisedDate}: ${workMessages.noPromisedDate}`);
    expect(rows[1]).not.toHaveTextContent(workMessages.overdue);
    expect(within(rows[0]).getByRole('link', { name: 'Colt Python' })).toHaveAttribute('href', '/admin/manage-orders?order=o-1');
  });

  it('the turnaround page shows the chart and a row per service type and month', async () => {
    const to = workToday().slice(0, 7);
    const from = monthsBefore(to, 11);
    const report: TurnaroundReport = { from, to, months: [from, to], rows: [{ month: to, serviceType: 'Repair', orders: 3, totalDays: 20, averageDays: 6.7 }] };
    stubAdminApi({ 'GET /api/me': [200, ME], 'GET /api/admin/reports/turnaround': [200, report] });
    renderApp('/admin/turnaround');
    expect(await screen.findByRole('img', { name: 'Average days from receipt to ready per month' })).toBeInTheDocument();
    const row = await screen.findByTestId('turnaround-row');
    expect(row).toHaveTextContent('Repair');
    expect(row).toHaveTextContent('3');
    expect(row).toHaveTextContent('6.7');
  });
});
