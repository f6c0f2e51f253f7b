import { describe, expect, it } from 'vitest';
import { joinTabsAndGroups } from './get-health-tabs.ts';

describe('joinTabsAndGroups', () => {
  it('gives each secondary tab the sensor types of the group with its code, none when there is no such group', () => {
    const oil = { id: 2, name: 'Top oil', tagCode: 'top_oil_temperature', unit: '°C' };
    expect(
      joinTabsAndGroups(
        [
          { id: 2, key: 'thermal', name: 'Thermal', groupCode: 'c' },
          { id: 6, key: 'correlation', name: 'Anomaly', groupCode: 'q' },
        ],
        [{ code: 'c', sensorTypes: [oil] }],
      ),
    ).toEqual([
      { id: 2, key: 'thermal', name: 'Thermal', groupCode: 'c', sensorTypes: [oil] },
      { id: 6, key: 'correlation', name: 'Anomaly', groupCode: 'q', sensorTypes: [] },
    ]);
  });
});
