// The "team" namespace in all 7 locales (files: locales/<lang>/team.json).
import zh from '../../locales/zh/team.json' with { type: 'json' };
import en from '../../locales/en/team.json' with { type: 'json' };
import hk from '../../locales/hk/team.json' with { type: 'json' };
import jp from '../../locales/jp/team.json' with { type: 'json' };
import kor from '../../locales/kor/team.json' with { type: 'json' };
import th from '../../locales/th/team.json' with { type: 'json' };
import ind from '../../locales/ind/team.json' with { type: 'json' };

export default { zh, en, hk, jp, kor, th, ind };
