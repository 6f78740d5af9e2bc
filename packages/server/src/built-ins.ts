import type { EntityDefinition } from './engine/definition.ts';
import { dictionaryEntities } from './features/dictionaries/dictionary.entities.ts';
import type { DictionaryService } from './features/dictionaries/dictionary.service.ts';
import { employeeEntity } from './features/employees/employee.entities.ts';
import { logEntities } from './features/logs/log.entities.ts';
import { customerEntity, supplierEntity } from './features/projects/parties.entities.ts';
import { omProjectEntity, projectEntity, projectTeamEntity } from './features/projects/project.entities.ts';
import { purchasingEntities } from './features/purchasing/purchasing.entities.ts';
import { salesEntities } from './features/sales/sales.entities.ts';
import { scheduleEntities } from './features/schedule/schedule.entities.ts';
import { projectWarningEntity } from './features/warnings/warnings.entities.ts';

/** What some built-in definitions need at start: services their hooks call. */
export type RegistryDeps = { dictionaries: DictionaryService };

/**
 * The built-in entities, one line each: the engine's routes (the CRUD, Excel and approval calls), the data
 * permissions' entity list and the user's own work all read this one list, and so does the authorisation
 * matrix test, which derives every engine route from it. It sits above the features it names, so the
 * engine below them never imports one.
 */
export function builtInEntities(deps: RegistryDeps): EntityDefinition[] {
  return [
    employeeEntity,
    ...dictionaryEntities(deps.dictionaries),
    ...logEntities,
    customerEntity,
    supplierEntity,
    projectEntity,
    omProjectEntity,
    projectTeamEntity,
    ...salesEntities,
    ...purchasingEntities,
    ...scheduleEntities,
    projectWarningEntity,
  ];
}
