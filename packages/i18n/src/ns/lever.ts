// The "lever" namespace in all 7 locales (files: locales/<lang>/lever.json).
import zh from '../../locales/zh/lever.json' with { type: 'json' };
import en from '../../locales/en/lever.json' with { type: 'json' };
import hk from '../../locales/hk/lever.json' with { type: 'json' };
import jp from '../../locales/jp/lever.json' with { type: 'json' };
import kor from '../../locales/kor/lever.json' with { type: 'json' };
import th from '../../locales/th/lever.json' with { type: 'json' };
import ind from '../../locales/ind/lever.json' with { type: 'json' };

export default { zh, en, hk, jp, kor, th, ind };
